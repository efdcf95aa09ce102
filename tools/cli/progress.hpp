// cli/progress.hpp - a progress bar on stderr for long runs, drawn only when stderr is a terminal
// (nothing at all otherwise, so that logs and tests see clean output).
#pragma once

#include <chrono>
#include <string>

namespace collide2d::tools {

class Progress {
 public:
  explicit Progress(std::string label);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // fraction in [0, 1]; redraws at most ten times a second.
  void update(double fraction);
  // A new phase of the same run ("building the index").
  void relabel(std::string label);
  // Clears the bar.
  void finish();

 private:
  void draw(double fraction);

  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  double fraction_ = 0;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace collide2d::tools
