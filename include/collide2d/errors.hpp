// collide2d/errors.hpp - the exceptions the library throws, all std::invalid_argument.
//
// Bad input is refused, never repaired or answered silently. A shape that cannot exist (a negative
// radius, a clockwise polygon) is an InvalidShape; a question that cannot be answered (a NaN query
// box, a ray without a direction) is an InvalidQuery. Their messages name the offending value.
// Catch std::invalid_argument for both.
#pragma once

#include <stdexcept>

namespace collide2d {

// A shape that cannot be built: thrown by Built<S>::value() (builders.hpp) and by the Scene when
// it is given an invalid shape. The message is the builder's one-line reason.
class InvalidShape : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A query that cannot be answered: an inverted box, a NaN coordinate, a ray without a direction.
// The message names the query and the bad value. Queries throw it rather than answer "everything"
// or "nothing", which is what comparisons with NaN would silently do.
class InvalidQuery : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A scene file that cannot be loaded (Scene::load): truncated, corrupted (its checksum differs),
// of another version or scalar type, or holding a value no Scene could have. The message names
// the byte offset and the field.
class InvalidScene : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace collide2d
