// Private: a Polygon's triangulation, computed on first use (polygon_triangulate.cpp).
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <vector>

namespace collide2d::detail {

struct PolygonTriangles {
  std::once_flag once;
  std::vector<std::array<int, 3>> triangles;
};

inline std::shared_ptr<PolygonTriangles> make_polygon_triangles() {
  return std::make_shared<PolygonTriangles>();
}

}  // namespace collide2d::detail
