#include "cli/output.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "scene_io/number_text.hpp"
#include "scene_io/scene_files.hpp"

namespace collide2d::tools {
namespace {

std::string exact_text(const Cell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) return *text;
  if (const auto* integer = std::get_if<long long>(&cell)) return std::to_string(*integer);
  return number_text(std::get<double>(cell));
}

std::string readable_text(const Cell& cell) {
  if (const auto* number = std::get_if<double>(&cell)) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.7g", *number);
    return buffer;
  }
  return exact_text(cell);
}

std::string json_text(const Cell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) {
    return nlohmann::json(*text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  return exact_text(cell);
}

std::string readable(const Table& table) {
  std::vector<std::size_t> widths;
  for (const std::string& column : table.columns)
    widths.push_back(column.size());
  std::vector<std::vector<std::string>> texts;
  for (const auto& row : table.rows) {
    texts.emplace_back();
    for (std::size_t c = 0; c < row.size(); ++c) {
      texts.back().push_back(readable_text(row[c]));
      widths[c] = std::max(widths[c], texts.back().back().size());
    }
  }
  const auto line = [&widths](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      out += cells[c];
      if (c + 1 < cells.size()) out += std::string(widths[c] - cells[c].size() + 2, ' ');
    }
    return out + "\n";
  };
  std::string out = table.summary + "\n";
  if (table.rows.empty()) return out;
  out += line(table.columns);
  for (const auto& row : texts)
    out += line(row);
  return out;
}

std::string csv(const Table& table) {
  std::string out;
  for (std::size_t c = 0; c < table.columns.size(); ++c)
    out += (c == 0 ? "" : ",") + table.columns[c];
  out += "\n";
  for (const auto& row : table.rows) {
    for (std::size_t c = 0; c < row.size(); ++c)
      out += (c == 0 ? "" : ",") + exact_text(row[c]);
    out += "\n";
  }
  return out;
}

std::string json(const Table& table) {
  std::string out = "[";
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    out += r == 0 ? "\n  {" : ",\n  {";
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      out += (c == 0 ? "\"" : ", \"") + table.columns[c] + "\": " + json_text(table.rows[r][c]);
    }
    out += "}";
  }
  return out + (table.rows.empty() ? "]\n" : "\n]\n");
}

}  // namespace

std::string format_table(const Table& table, OutputFormat format) {
  switch (format) {
    case OutputFormat::json:
      return json(table);
    case OutputFormat::csv:
      return csv(table);
    case OutputFormat::table:
      break;
  }
  return readable(table);
}

void add_output_options(CLI::App& command, OutputOptions& options) {
  const std::map<std::string, OutputFormat> formats{
      {"table", OutputFormat::table}, {"json", OutputFormat::json}, {"csv", OutputFormat::csv}};
  command.add_option("--format", options.format, "table (default), json or csv")
      ->transform(CLI::CheckedTransformer(formats));
  command.add_option("-o,--output", options.path,
                     "write to FILE instead of stdout (whole or not at all)");
}

void deliver(const std::string& text, const std::string& path) {
  if (path.empty()) {
    std::cout << text << std::flush;
  } else {
    write_file_atomically(path, text);
  }
}

}  // namespace collide2d::tools
