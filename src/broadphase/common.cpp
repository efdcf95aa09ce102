// The query checks shared by every index.
#include "collide2d/broadphase/common.hpp"

#include <string>

#include "detail/format.hpp"

namespace collide2d {

template <class T>
void check_query_box(const Aabb<T>& box, const char* what) {
  if (!is_finite(box.min) || !is_finite(box.max)) {
    throw InvalidQuery(std::string(what) + " " + detail::format_point(box.min) + " - " +
                       detail::format_point(box.max) + " is not finite");
  }
  if (!(box.min.x <= box.max.x && box.min.y <= box.max.y)) {
    throw InvalidQuery(std::string(what) + " is inverted: min " + detail::format_point(box.min) +
                       " exceeds max " + detail::format_point(box.max));
  }
}

template <class T>
void check_query_ray(const Ray<T>& ray, const char* what) {
  const std::string error = validation_error(ray);
  if (!error.empty()) throw InvalidQuery(std::string(what) + ": " + error);
}

template void check_query_box<float>(const Aabb<float>&, const char*);
template void check_query_box<double>(const Aabb<double>&, const char*);
template void check_query_ray<float>(const Ray<float>&, const char*);
template void check_query_ray<double>(const Ray<double>&, const char*);

}  // namespace collide2d
