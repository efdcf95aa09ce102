// collide2d: exact 2D collision answers for scene files, from the terminal.
//   collide2d demo                       the classic scenarios, in words and in demo.svg
//   collide2d pairs|select|hit|raycast|distance SCENE ...   one question, answered as a table
//   collide2d render SCENE -o out.svg    a picture;  gen: a random scene;  bench: timings;
//   collide2d convert IN OUT             JSON to CSV or back, exactly
//   collide2d help [SUBCOMMAND]          the manual page
// Bad input (a scene file, a region, a ray) is one line on stderr naming where and what, and exit
// status 2; no output file is left behind.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <stdexcept>

#include "cli/commands.hpp"
#include "collide2d/version.hpp"
#include "scene_io/scene_document.hpp"

int main(int argc, char** argv) {
  using namespace collide2d::tools;
  CLI::App app("collide2d: exact 2D collision answers for scene files (JSON or CSV)", "collide2d");
  app.set_version_flag("--version", std::string("collide2d ") + COLLIDE2D_VERSION_STRING);
  app.require_subcommand(1);
  app.footer(
      "Examples:\n  collide2d demo\n  collide2d pairs scene.json --format csv\n"
      "  collide2d SUBCOMMAND --help\n  collide2d help   (the manual page)\n"
      "Scene files: docs/SCENE_FORMAT.md");
  add_demo_command(app);
  add_query_commands(app);
  add_render_command(app);
  add_gen_command(app);
  add_convert_command(app);
  add_bench_command(app);
  add_help_command(app);  // last: its page lists the subcommands above
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;  // usage errors are bad input too
  } catch (const InputError& error) {
    std::fprintf(stderr, "collide2d: %s\n", error.what());
    return 2;
  } catch (const std::invalid_argument& error) {  // InvalidShape, InvalidQuery
    std::fprintf(stderr, "collide2d: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "collide2d: internal error: %s\n", error.what());
    return 1;
  }
  return 0;
}
