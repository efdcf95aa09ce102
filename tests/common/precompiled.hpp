// The headers nearly every test file includes, parsed once into the tests' shared precompiled
// header (tests/CMakeLists.txt, COLLIDE2D_TEST_PCH). Only stable, widely used headers belong
// here: a change to any of them rebuilds every test.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "collide2d/collide2d.hpp"
