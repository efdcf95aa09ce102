// help: the manual page, `collide2d help [SUBCOMMAND]`. It is generated from the CLI11 subcommands
// themselves (their descriptions, options and "Example:" footers), so that the page cannot drift
// from the parser: a subcommand registered without an example makes `collide2d help` fail (and its
// test with it), and tests/cli runs every example the page shows.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "collide2d/version.hpp"
#include "scene_io/scene_document.hpp"

namespace collide2d::tools {
namespace {

constexpr const char* description_text =
    "  collide2d answers collision questions about a scene file exactly: which shapes overlap,\n"
    "  which a marquee selects, which lie under a point, what a ray hits, how far apart two\n"
    "  shapes are. Touching counts as overlapping (closed sets). Answers are a readable table,\n"
    "  or --format csv|json with every double written exactly; -o FILE writes the file whole\n"
    "  or not at all.\n";

constexpr const char* files_text =
    "  SCENE.json  {\"format\": \"collide2d-scene\", \"version\": 1, \"shapes\": [...]}, one\n"
    "              object a shape: {\"id\": \"A\", \"kind\": \"obb\", \"center\": [355, 430],\n"
    "              \"size\": [350, 150], \"angle_deg\": 15}, with optional \"z\" and \"tags\".\n"
    "  SCENE.csv   one shape a line: id,kind,z,tags,values... (a first line naming the\n"
    "              columns and lines starting with '#' are skipped), e.g.\n"
    "              A,obb,,,355,430,350,150,1,0\n"
    "  Kinds and their values: point x,y; segment ax,ay,bx,by; circle cx,cy,radius;\n"
    "  capsule ax,ay,bx,by,radius; aabb min_x,min_y,max_x,max_y;\n"
    "  obb cx,cy,width,height,cos,sin; polygon x0,y0,x1,y1,... (3 to 8 vertices,\n"
    "  counter-clockwise, convex); rounded_polygon radius,x0,y0,x1,y1,... (that polygon\n"
    "  swept by a disc); simple_polygon x0,y0,x1,y1,... (3 or more vertices, concave\n"
    "  allowed, either orientation; in JSON \"vertices\" as for a polygon); group: its\n"
    "  parts (shapes of the kinds above but simple_polygon), in JSON \"parts\": [{\"kind\":\n"
    "  \"circle\", ...}, ...], in CSV each part's kind then its values,\n"
    "  g,group,,,aabb,0,0,1,1,circle,3,0,1. The full description: docs/SCENE_FORMAT.md.\n";

constexpr const char* exit_status_text =
    "  0  the answer was written\n"
    "  1  an internal error (a bug: please report it)\n"
    "  2  bad input: a scene file, an option or a value was refused, with one line on stderr\n"
    "     naming the file, line and column, or the option, and the value\n";

// The example lines of a subcommand's footer, which starts "Example:" or "Examples:", indented.
std::string example_of(const CLI::App& command) {
  const std::string footer = command.get_footer();
  const std::size_t colon = footer.find(":\n");
  if (footer.rfind("Example", 0) != 0 || colon == std::string::npos) {
    throw std::logic_error("subcommand " + command.get_name() + " has no \"Example:\" footer");
  }
  std::string out;
  std::size_t start = colon + 2;
  while (start < footer.size()) {
    const std::size_t end = std::min(footer.find('\n', start), footer.size());
    const std::size_t text = footer.find_first_not_of(' ', start);
    if (text < end) out += "    " + footer.substr(text, end - text) + "\n";
    start = end + 1;
  }
  return out;
}

// "--region FLOAT x 4 (required)": the names, the value's type and count.
std::string option_synopsis(const CLI::Option& option) {
  std::string out = option.nonpositional() ? option.get_name(false, true) : option.get_name(true);
  if (option.get_type_size() == 0) return out;  // a flag
  const std::string type = option.get_type_name();
  out += " " + (type.rfind("ENUM", 0) == 0 ? std::string("WORD") : type.substr(0, type.find(':')));
  if (option.get_expected_min() > 1) out += " x " + std::to_string(option.get_expected_min());
  return option.get_required() ? out + " (required)" : out;
}

std::string option_lines(const CLI::App& command) {
  std::string out;
  for (const CLI::Option* option : command.get_options()) {
    if (option == command.get_help_ptr()) continue;
    std::string synopsis = option_synopsis(*option);
    synopsis.resize(std::max<std::size_t>(synopsis.size() + 2, 32), ' ');
    out += "    " + synopsis + option->get_description() + "\n";
  }
  return out;
}

std::string section(const CLI::App& command) {
  std::string out = "  " + command.get_name() + " - " + command.get_description() + "\n";
  const std::string options = option_lines(command);
  if (!options.empty()) out += "   OPTIONS\n" + options;
  out += "   EXAMPLE\n" + example_of(command) + "\n";
  return out;
}

std::string manual(CLI::App& app) {
  std::string out = "COLLIDE2D(1)                     collide2d " +
                    std::string(COLLIDE2D_VERSION_STRING) + "                    COLLIDE2D(1)\n\n";
  out += "NAME\n  collide2d - exact 2D collision answers for scene files (JSON or CSV)\n\n";
  out += "SYNOPSIS\n  collide2d SUBCOMMAND [OPTIONS]\n  collide2d help [SUBCOMMAND]\n";
  out += "  collide2d --version\n\nDESCRIPTION\n" + std::string(description_text) + "\n";
  out += "SUBCOMMANDS\n";
  for (const CLI::App* command : app.get_subcommands({}))
    out += section(*command);
  out += "FILES\n" + std::string(files_text) + "\nEXIT STATUS\n" + exit_status_text;
  return out;
}

}  // namespace

void add_help_command(CLI::App& app) {
  auto subcommand = std::make_shared<std::string>();
  CLI::App* command =
      app.add_subcommand("help", "this manual page, whole or one subcommand's part");
  command->add_option("SUBCOMMAND", *subcommand, "the subcommand to describe");
  command->footer("Example:\n  collide2d help select");
  command->callback([&app, subcommand] {
    if (subcommand->empty()) return deliver(manual(app), "");
    for (const CLI::App* other : app.get_subcommands({})) {
      if (other->get_name() == *subcommand) return deliver(section(*other), "");
    }
    throw InputError("help: no subcommand \"" + *subcommand + "\" (collide2d help lists them)");
  });
}

}  // namespace collide2d::tools
