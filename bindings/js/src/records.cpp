#include "records.hpp"

#include <variant>

namespace collide2d::js {
namespace {

Vec2<double> at(const double* r, int i) {
  return {r[i], r[i + 1]};
}

}  // namespace

ConvexPolygon<double> read_polygon(const double* r) {
  ConvexPolygon<double> polygon{};
  const int count = static_cast<int>(r[1]);
  polygon.count = count < 3 ? 3 : (count > max_polygon_vertices ? max_polygon_vertices : count);
  for (int i = 0; i < polygon.count; ++i) {
    polygon.vertices[i] = at(r, 2 + 2 * i);
    polygon.normals[i] = at(r, 2 + 2 * max_polygon_vertices + 2 * i);
  }
  return polygon;
}

RoundedPolygon<double> read_rounded_polygon(const double* r) {
  return {read_polygon(r), r[rounded_radius_slot]};
}

namespace {

// A polygon's count, vertices and normals from slot 1 on (a rounded polygon's core too).
void put_polygon(const ConvexPolygon<double>& p, double* r) {
  r[1] = p.count;
  for (int i = 0; i < p.count; ++i) {
    r[2 + 2 * i] = p.vertices[i].x;
    r[3 + 2 * i] = p.vertices[i].y;
    r[2 + 2 * max_polygon_vertices + 2 * i] = p.normals[i].x;
    r[3 + 2 * max_polygon_vertices + 2 * i] = p.normals[i].y;
  }
}

struct Writer {
  double* r;
  void operator()(const Vec2<double>& p) const { put(RecordKind::point, {p.x, p.y}); }
  void operator()(const Segment<double>& s) const {
    put(RecordKind::segment, {s.a.x, s.a.y, s.b.x, s.b.y});
  }
  void operator()(const Circle<double>& c) const {
    put(RecordKind::circle, {c.center.x, c.center.y, c.radius});
  }
  void operator()(const Capsule<double>& c) const {
    put(RecordKind::capsule, {c.a.x, c.a.y, c.b.x, c.b.y, c.radius});
  }
  void operator()(const Aabb<double>& b) const {
    put(RecordKind::aabb, {b.min.x, b.min.y, b.max.x, b.max.y});
  }
  void operator()(const Obb<double>& b) const {
    put(RecordKind::obb,
        {b.center.x, b.center.y, b.half_extents.x, b.half_extents.y, b.rotation.c, b.rotation.s});
  }
  void operator()(const ConvexPolygon<double>& p) const {
    r[0] = static_cast<double>(RecordKind::polygon);
    put_polygon(p, r);
  }
  void operator()(const RoundedPolygon<double>& p) const {
    r[0] = static_cast<double>(RecordKind::rounded_polygon);
    put_polygon(p.core, r);
    r[rounded_radius_slot] = p.radius;
  }
  void put(RecordKind kind, std::initializer_list<double> values) const {
    r[0] = static_cast<double>(kind);
    int i = 1;
    for (double v : values)
      r[i++] = v;
  }
};

}  // namespace

Shape2 read_shape(const double* r) {
  switch (static_cast<RecordKind>(static_cast<int>(r[0]))) {
    case RecordKind::point:
      return at(r, 1);
    case RecordKind::segment:
      return Segment<double>{at(r, 1), at(r, 3)};
    case RecordKind::circle:
      return Circle<double>{at(r, 1), r[3]};
    case RecordKind::capsule:
      return Capsule<double>{at(r, 1), at(r, 3), r[5]};
    case RecordKind::aabb:
      return Aabb<double>{at(r, 1), at(r, 3)};
    case RecordKind::obb:
      return Obb<double>{at(r, 1), at(r, 3), Rot<double>{r[5], r[6]}};
    case RecordKind::polygon:
      return read_polygon(r);
    case RecordKind::rounded_polygon:
      return read_rounded_polygon(r);
  }
  return Vec2<double>{0, 0};
}

void write_shape(const Shape2& shape, double* record) {
  std::visit(Writer{record}, shape);
}

Ray<double> read_ray(const double* r) {
  return Ray<double>{at(r, 0), at(r, 2), r[4]};
}

QueryOptions read_options(int flags, double categories, double mask) {
  QueryOptions options;
  options.exclude_touching = (flags & 1) != 0;
  options.filter.categories = static_cast<std::uint32_t>(categories);
  options.filter.mask = static_cast<std::uint32_t>(mask);
  return options;
}

}  // namespace collide2d::js
