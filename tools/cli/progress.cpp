#include "cli/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace collide2d::tools {

Progress::Progress(std::string label)
    : label_(std::move(label)), enabled_(isatty(STDERR_FILENO) != 0) {}

Progress::~Progress() {
  finish();
}

void Progress::update(double fraction) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  draw(fraction);
}

void Progress::relabel(std::string label) {
  label_ = std::move(label);
  if (enabled_) draw(fraction_);
}

void Progress::draw(double fraction) {
  fraction_ = std::clamp(fraction, 0.0, 1.0);
  constexpr int width = 30;
  const int filled = static_cast<int>(fraction_ * width);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(width - filled), '.');
  std::fprintf(stderr, "\r\033[K%s [%s] %3d%%", label_.c_str(), bar.c_str(),
               static_cast<int>(fraction_ * 100));
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace collide2d::tools
