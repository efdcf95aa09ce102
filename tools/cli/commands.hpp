// cli/commands.hpp - the subcommands of collide2d, each registered on the application.
#pragma once

namespace CLI {
class App;
}

namespace collide2d::tools {

void add_demo_command(CLI::App& app);
void add_query_commands(CLI::App& app);  // pairs, select, hit, raycast, distance
void add_render_command(CLI::App& app);
void add_gen_command(CLI::App& app);
void add_convert_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_help_command(CLI::App& app);  // register last: it describes the others

}  // namespace collide2d::tools
