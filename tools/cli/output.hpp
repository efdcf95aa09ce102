// cli/output.hpp - answers as tables: a readable table by default, --format json|csv for
// machines, to stdout or (-o FILE) to a file written whole or not at all.
#pragma once

#include <string>
#include <variant>
#include <vector>

namespace CLI {
class App;
}

namespace collide2d::tools {

enum class OutputFormat { table, json, csv };

// A cell is text, an integer or a double; doubles are written exactly (shortest round-trip text)
// in JSON and CSV, with 7 significant digits in the readable table.
using Cell = std::variant<std::string, long long, double>;

struct Table {
  std::string summary;  // one line in plain words, shown above the readable table
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;
};

std::string format_table(const Table& table, OutputFormat format);

struct OutputOptions {
  OutputFormat format = OutputFormat::table;
  std::string path;  // empty: stdout
};

// Adds --format and -o to a subcommand.
void add_output_options(CLI::App& command, OutputOptions& options);

// Writes text to stdout, or atomically to options.path.
void deliver(const std::string& text, const std::string& path);

}  // namespace collide2d::tools
