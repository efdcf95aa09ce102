#include "scene_io/shape_values.hpp"

#include "collide2d/rounded.hpp"

#include <cmath>
#include <iterator>
#include <string>

namespace collide2d::tools {
namespace {

constexpr ShapeKind all_kinds[] = {ShapeKind::point,   ShapeKind::segment,        ShapeKind::circle,
                                   ShapeKind::capsule, ShapeKind::aabb,           ShapeKind::obb,
                                   ShapeKind::polygon, ShapeKind::rounded_polygon};
static_assert(std::size(all_kinds) == shape_kind_count, "every kind is listed");

Built<Shape<double>> from(const std::string& error, const Shape<double>& shape) {
  if (!error.empty()) return Built<Shape<double>>::failure(error);
  return shape;
}

template <class S>
Built<Shape<double>> from(const Built<S>& built) {
  if (!built) return Built<Shape<double>>::failure(built.error());
  return Shape<double>{built.value()};
}

std::size_t value_count(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::point:
      return 2;
    case ShapeKind::segment:
    case ShapeKind::aabb:
      return 4;
    case ShapeKind::circle:
      return 3;
    case ShapeKind::capsule:
      return 5;
    case ShapeKind::obb:
      return 6;
    case ShapeKind::polygon:
    case ShapeKind::rounded_polygon:
      break;
  }
  return 0;  // polygons: any count, checked below and by their builders
}

// A polygon from v[first..] (x, y pairs), or with first == 1 a rounded polygon of radius v[0].
Built<Shape<double>> build_polygon(std::span<const double> v, std::size_t first) {
  const char* kind = first == 0 ? "polygon" : "rounded_polygon";
  if (v.size() < first || (v.size() - first) % 2 != 0) {
    return Built<Shape<double>>::failure(std::string(kind) + " has " + std::to_string(v.size()) +
                                         " values, needs " + (first == 0 ? "" : "a radius and ") +
                                         "x, y pairs");
  }
  const auto build = [&](const Vec2<double>* vertices, std::size_t count) {
    return first == 0 ? from(make_polygon(vertices, count))
                      : from(make_rounded_polygon(vertices, count, v[0]));
  };
  // On the stack when there can be a polygon: a file of a million shapes reads each without an
  // allocation. More vertices than that go to the builder too, for its message.
  const std::size_t count = (v.size() - first) / 2;
  if (count <= std::size_t(max_polygon_vertices)) {
    Vec2<double> vertices[max_polygon_vertices];
    for (std::size_t i = 0; i < count; ++i)
      vertices[i] = {v[first + 2 * i], v[first + 2 * i + 1]};
    return build(vertices, count);
  }
  std::vector<Vec2<double>> vertices;
  for (std::size_t i = first; i < v.size(); i += 2)
    vertices.push_back({v[i], v[i + 1]});
  return build(vertices.data(), vertices.size());
}

// A group of the parts marked in values; the first bad part's index goes to *bad_part.
Built<EntryShape> build_group(std::span<const double> values, std::span<const PartMark> parts,
                              std::size_t* bad_part) {
  if (parts.empty()) return Built<EntryShape>::failure("a group needs at least one part");
  ShapeGroup group;
  group.parts.reserve(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::size_t end = i + 1 < parts.size() ? parts[i + 1].first : values.size();
    const Built<Shape<double>> part =
        build_shape(parts[i].kind, values.subspan(parts[i].first, end - parts[i].first));
    if (!part) {
      if (bad_part != nullptr) *bad_part = i;
      return Built<EntryShape>::failure("parts[" + std::to_string(i) + "]: " + part.error());
    }
    group.parts.push_back(part.value());
  }
  return EntryShape(std::move(group));
}

Built<EntryShape> build_simple_polygon(std::span<const double> values) {
  if (values.size() % 2 != 0) {
    return Built<EntryShape>::failure(std::string(simple_polygon_kind) + " has " +
                                      std::to_string(values.size()) + " values, needs x, y pairs");
  }
  std::vector<Vec2<double>> vertices;
  vertices.reserve(values.size() / 2);
  for (std::size_t i = 0; i < values.size(); i += 2)
    vertices.push_back({values[i], values[i + 1]});
  const Built<Polygon<double>> polygon = make_simple_polygon(vertices);
  if (!polygon) return Built<EntryShape>::failure(polygon.error());
  return EntryShape(polygon.value());
}

}  // namespace

std::optional<ShapeKind> shape_kind_from_name(std::string_view name) {
  for (const ShapeKind kind : all_kinds) {
    if (name == shape_kind_name(kind)) return kind;
  }
  return std::nullopt;
}

std::optional<FileKind> file_kind_from_name(std::string_view name) {
  if (name == simple_polygon_kind) return FileKind{ShapeKind::polygon, true};
  if (name == group_kind) return FileKind{ShapeKind::point, false, true};
  if (const auto kind = shape_kind_from_name(name)) return FileKind{*kind};
  return std::nullopt;
}

Built<ShapeKind> part_kind_from_name(std::string_view name) {
  if (const auto kind = shape_kind_from_name(name)) return *kind;
  const std::string parts_are =
      "point, segment, circle, capsule, aabb, obb, polygon, rounded_polygon";
  if (file_kind_from_name(name)) {
    return Built<ShapeKind>::failure("a group's part cannot be a " + std::string(name) + " (" +
                                     parts_are + ")");
  }
  return Built<ShapeKind>::failure("unknown shape kind \"" + std::string(name) + "\" (" +
                                   parts_are + ")");
}

Built<EntryShape> build_entry(FileKind kind, std::span<const double> values,
                              std::span<const PartMark> parts, std::size_t* bad_part) {
  if (kind.group) return build_group(values, parts, bad_part);
  if (kind.simple_polygon) return build_simple_polygon(values);
  const Built<Shape<double>> shape = build_shape(kind.values, values);
  if (!shape) return Built<EntryShape>::failure(shape.error());
  return EntryShape(shape.value());
}

const char* value_names(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::point:
      return "x,y";
    case ShapeKind::segment:
      return "ax,ay,bx,by";
    case ShapeKind::circle:
      return "cx,cy,radius";
    case ShapeKind::capsule:
      return "ax,ay,bx,by,radius";
    case ShapeKind::aabb:
      return "min_x,min_y,max_x,max_y";
    case ShapeKind::obb:
      return "cx,cy,width,height,cos,sin";
    case ShapeKind::polygon:
      break;
    case ShapeKind::rounded_polygon:
      return "radius,x0,y0,x1,y1,x2,y2,...";
  }
  return "x0,y0,x1,y1,x2,y2,...";
}

Built<Shape<double>> build_shape(ShapeKind kind, std::span<const double> v) {
  const std::size_t expected = value_count(kind);
  if (expected != 0 && v.size() != expected) {
    return Built<Shape<double>>::failure(std::string(shape_kind_name(kind)) + " has " +
                                         std::to_string(v.size()) + " values, needs " +
                                         std::to_string(expected) + " (" + value_names(kind) + ")");
  }
  switch (kind) {
    case ShapeKind::point: {
      const Point<double> point{v[0], v[1]};
      return from(validation_error(point), point);
    }
    case ShapeKind::segment:
      return from(make_segment<double>({v[0], v[1]}, {v[2], v[3]}));
    case ShapeKind::circle:
      return from(make_circle<double>({v[0], v[1]}, v[2]));
    case ShapeKind::capsule:
      return from(make_capsule<double>({v[0], v[1]}, {v[2], v[3]}, v[4]));
    case ShapeKind::aabb: {
      // min and max as given: make_aabb would sort swapped corners silently.
      const Aabb<double> box{{v[0], v[1]}, {v[2], v[3]}};
      return from(validation_error(box), box);
    }
    case ShapeKind::obb:
      return from(make_obb<double>({v[0], v[1]}, v[2], v[3], Rot<double>{v[4], v[5]}));
    case ShapeKind::polygon:
      break;
    case ShapeKind::rounded_polygon:
      return build_polygon(v, 1);
  }
  return build_polygon(v, 0);
}

void append_values(const Shape<double>& shape, std::vector<double>& out) {
  struct Appender {
    std::vector<double>& out;
    void operator()(const Point<double>& p) const { out.insert(out.end(), {p.x, p.y}); }
    void operator()(const Segment<double>& s) const {
      out.insert(out.end(), {s.a.x, s.a.y, s.b.x, s.b.y});
    }
    void operator()(const Circle<double>& c) const {
      out.insert(out.end(), {c.center.x, c.center.y, c.radius});
    }
    void operator()(const Capsule<double>& c) const {
      out.insert(out.end(), {c.a.x, c.a.y, c.b.x, c.b.y, c.radius});
    }
    void operator()(const Aabb<double>& b) const {
      out.insert(out.end(), {b.min.x, b.min.y, b.max.x, b.max.y});
    }
    // width = 2 * half extent and back are exact in binary floating point.
    void operator()(const Obb<double>& b) const {
      out.insert(out.end(), {b.center.x, b.center.y, 2 * b.half_extents.x, 2 * b.half_extents.y,
                             b.rotation.c, b.rotation.s});
    }
    void operator()(const ConvexPolygon<double>& p) const {
      for (int i = 0; i < p.count; ++i)
        out.insert(out.end(), {p.vertices[i].x, p.vertices[i].y});
    }
    void operator()(const RoundedPolygon<double>& p) const {
      out.push_back(p.radius);
      (*this)(p.core);
    }
  };
  std::visit(Appender{out}, shape);
}

void append_values(const Polygon<double>& polygon, std::vector<double>& out) {
  for (const Vec2<double>& vertex : polygon.vertices())
    out.insert(out.end(), {vertex.x, vertex.y});
}

void append_values(const EntryShape& entry, std::vector<double>& out,
                   std::vector<PartMark>& parts) {
  if (const auto* group = std::get_if<ShapeGroup>(&entry)) {
    for (const Shape<double>& part : group->parts) {
      parts.push_back({kind_of(part), out.size()});
      append_values(part, out);
    }
    return;
  }
  if (const auto* shape = std::get_if<Shape<double>>(&entry)) return append_values(*shape, out);
  append_values(std::get<Polygon<double>>(entry), out);
}

EntryView view_of(const EntryShape& entry) {
  return std::visit([](const auto& shape) { return EntryView(&shape); }, entry);
}

EntryShape copy_of(EntryView view) {
  return std::visit([](const auto* shape) { return EntryShape(*shape); }, view);
}

const char* kind_name(const EntryShape& entry) {
  if (const auto* shape = std::get_if<Shape<double>>(&entry)) {
    return shape_kind_name(kind_of(*shape));
  }
  return std::holds_alternative<ShapeGroup>(entry) ? group_kind : simple_polygon_kind;
}

std::vector<EntryPiece> pieces_of(const EntryShape& entry) {
  if (const auto* group = std::get_if<ShapeGroup>(&entry)) {
    return std::vector<EntryPiece>(group->parts.begin(), group->parts.end());
  }
  if (const auto* polygon = std::get_if<Polygon<double>>(&entry)) return {*polygon};
  return {std::get<Shape<double>>(entry)};
}

Aabb<double> bounds_of(const EntryShape& entry) {
  const auto box = [](const auto& shape) { return bounding_box(shape); };
  if (const auto* polygon = std::get_if<Polygon<double>>(&entry)) return bounding_box(*polygon);
  if (const auto* shape = std::get_if<Shape<double>>(&entry)) return std::visit(box, *shape);
  // A group: the union of its parts' boxes (it has at least one part).
  const std::vector<Shape<double>>& parts = std::get<ShapeGroup>(entry).parts;
  Aabb<double> bounds = std::visit(box, parts[0]);
  for (const Shape<double>& part : parts) {
    const Aabb<double> b = std::visit(box, part);
    bounds = {component_min(bounds.min, b.min), component_max(bounds.max, b.max)};
  }
  return bounds;
}

Rot<double> rotation_from_degrees(double degrees) {
  const double turns = degrees / 90;
  if (std::isfinite(degrees) && turns == std::floor(turns) && std::abs(turns) < 1e15) {
    constexpr Rot<double> quarter_turns[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    const double index = turns - 4 * std::floor(turns / 4);
    return quarter_turns[static_cast<int>(index)];
  }
  return Rot<double>::from_degrees(degrees);
}

}  // namespace collide2d::tools
