// Private: shapes in scene files, field by field. A run of n shapes of one kind is stored as
// structure of arrays: all n values of the first field, then of the second, and so on (for an obb
// cx, cy, hx, hy, cos, sin), which compresses well and reads in straight loops. Polygons store
// their vertex counts (one byte each) and then each polygon's vertices and normals; rounded
// polygons likewise their cores' counts, then each core's vertices and normals and its radius.
// Simple polygons (any vertex count) each store their vertex count (4 bytes) and vertices, then
// the same for the polygon as given to move (count 0: none); a loaded one is built again by
// make_simple_polygon, which checks it.
// Scalars are the bits as stored: -0 stays -0, and nothing is rounded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "collide2d/polygon.hpp"
#include "collide2d/shapes.hpp"
#include "detail/huge_pages.hpp"
#include "scene/file_bytes.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d::detail {

// Scalars a shape of kind S stores, in the order field() numbers them; polygons: variable (0).
template <class S, class T = typename ShapeTraits<S>::Scalar>
inline constexpr int field_count = std::is_same_v<S, Vec2<T>>      ? 2
                                   : std::is_same_v<S, Segment<T>> ? 4
                                   : std::is_same_v<S, Circle<T>>  ? 3
                                   : std::is_same_v<S, Capsule<T>> ? 5
                                   : std::is_same_v<S, Aabb<T>>    ? 4
                                   : std::is_same_v<S, Obb<T>>     ? 6
                                                                   : 0;

template <class T>
T& field(Vec2<T>& p, int j) {
  return j == 0 ? p.x : p.y;
}
template <class T>
T& field(Segment<T>& s, int j) {
  return j < 2 ? field(s.a, j) : field(s.b, j - 2);
}
template <class T>
T& field(Circle<T>& s, int j) {
  return j < 2 ? field(s.center, j) : s.radius;
}
template <class T>
T& field(Capsule<T>& s, int j) {
  return j < 2 ? field(s.a, j) : j < 4 ? field(s.b, j - 2) : s.radius;
}
template <class T>
T& field(Aabb<T>& s, int j) {
  return j < 2 ? field(s.min, j) : field(s.max, j - 2);
}
template <class T>
T& field(Obb<T>& s, int j) {
  if (j < 2) return field(s.center, j);
  if (j < 4) return field(s.half_extents, j - 2);
  return j == 4 ? s.rotation.c : s.rotation.s;
}
template <class S>
auto field(const S& s, int j) {
  return field(const_cast<S&>(s), j);
}

inline const char* kind_label(int kind) {
  static constexpr const char* labels[] = {"point", "segment",       "circle",  "capsule",
                                           "aabb",  "obb",           "polygon", "rounded_polygon",
                                           "group", "simple_polygon"};
  static_assert(std::size(labels) == std::size_t(kind_count), "one label per kind");
  return kind >= 0 && kind < kind_count ? labels[kind] : "?";
}

template <class S>
inline constexpr bool is_rounded_polygon_v = false;
template <class T>
inline constexpr bool is_rounded_polygon_v<RoundedPolygon<T>> = true;

// A polygon's (or a rounded polygon's core's) vertices and normals, after the run's counts.
template <class T>
void write_polygon_body(ByteWriter& out, const ConvexPolygon<T>& p) {
  const auto count = std::size_t(p.count);
  out.put_array<T>(2 * count, [&](std::size_t k) { return field(p.vertices[k / 2], int(k % 2)); });
  out.put_array<T>(2 * count, [&](std::size_t k) { return field(p.normals[k / 2], int(k % 2)); });
}

template <class T>
void write_shape_list(ByteWriter& out, const std::vector<Shape<T>>& shapes);

// A simple polygon's vertex count and vertices (an empty polygon: count 0).
template <class T>
void write_simple_polygon(ByteWriter& out, const Polygon<T>& p) {
  const std::size_t n = p.empty() ? 0 : p.size();
  out.put(std::uint32_t(n));
  if (n == 0) return;
  const auto& v = p.vertices();
  out.put_array<T>(2 * n, [&](std::size_t k) { return field(v[k / 2], int(k % 2)); });
}

// n shapes, shape(i) giving the i-th.
template <class T, class S, class Get>
void write_shapes(ByteWriter& out, std::size_t n, Get&& shape) {
  if constexpr (is_scene_group_v<S>) {
    // Each group: its parts, then its parts as given to move (none until the first move).
    for (std::size_t i = 0; i < n; ++i) {
      const SceneGroup<T>& group = shape(i);
      write_shape_list(out, group.parts);
      write_shape_list(out, group.given);
    }
  } else if constexpr (is_scene_polygon_v<S>) {
    for (std::size_t i = 0; i < n; ++i) {
      write_simple_polygon(out, shape(i).shape);
      write_simple_polygon(out, shape(i).given);
    }
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
    out.put_array<std::uint8_t>(n, [&](std::size_t i) { return shape(i).count; });
    for (std::size_t i = 0; i < n; ++i)
      write_polygon_body(out, shape(i));
  } else if constexpr (is_rounded_polygon_v<S>) {
    out.put_array<std::uint8_t>(n, [&](std::size_t i) { return shape(i).core.count; });
    for (std::size_t i = 0; i < n; ++i) {
      write_polygon_body(out, shape(i).core);
      out.put(shape(i).radius);
    }
  } else {
    for (int j = 0; j < field_count<S>; ++j)
      out.put_array<T>(n, [&](std::size_t i) { return field(shape(i), j); });
  }
}

// A list of shapes of any kinds: the count, each one's kind (a byte), then each shape alone.
template <class T>
void write_shape_list(ByteWriter& out, const std::vector<Shape<T>>& shapes) {
  out.put(std::uint32_t(shapes.size()));
  out.put_array<std::uint8_t>(shapes.size(),
                              [&](std::size_t i) { return std::uint8_t(shapes[i].index()); });
  for (const Shape<T>& shape : shapes) {
    std::visit(
        [&](const auto& alone) {
          using S = std::decay_t<decltype(alone)>;
          write_shapes<T, S>(out, 1, [&](std::size_t) -> const S& { return alone; });
        },
        shape);
  }
}

template <class T, class S>
void check_shape(const S& shape, std::size_t i, std::size_t at, const std::string& what) {
  if (scene_input_fine(shape)) return;
  const std::string error = scene_input_error(shape);
  if (!error.empty())
    ByteReader::fail_at(at, what + ": shape " + std::to_string(i) + " is invalid: " + error);
}

// Appends n shapes to out, each checked as Scene::add checks it (scene_input_error) as it is read.
// `what` names the run in messages ("obb shapes", "shape as given to move of id 7"). The vector
// grows by push_back after one reserve: no zeroing of memory that is written next.
template <class T>
std::vector<Shape<T>> read_shape_list(ByteReader& in, const std::string& what);

// A simple polygon written by write_simple_polygon, built again by make_simple_polygon (which
// checks it); empty for count 0 when `may_be_empty`.
template <class T>
Polygon<T> read_simple_polygon(ByteReader& in, const std::string& what, bool may_be_empty) {
  const std::size_t at = in.offset();
  const std::size_t n = in.count(2 * sizeof(T), (what + " vertex count").c_str());
  if (n == 0 && may_be_empty) return Polygon<T>();
  std::vector<Vec2<T>> vertices(n);
  for (Vec2<T>& v : vertices)
    v.x = in.get_unchecked<T>(), v.y = in.get_unchecked<T>();
  Built<Polygon<T>> built = make_simple_polygon(vertices);
  if (!built) ByteReader::fail_at(at, what + " is invalid: " + built.error());
  // The builder takes clockwise outlines and reverses them; a file holds the vertices as saved
  // (counter-clockwise), so that a file loads and saves back to the same bytes.
  if (built->vertices() != vertices)
    ByteReader::fail_at(at, what +
                                " is invalid: its vertices are clockwise (a file holds them "
                                "counter-clockwise, as Polygon::vertices() gives them)");
  const std::string box_error = scene_input_error(*built);
  if (!box_error.empty()) ByteReader::fail_at(at, what + " is invalid: " + box_error);
  return *built;
}

template <class T, class S>
void read_shapes(ByteReader& in, std::vector<S>& out, std::size_t n, const std::string& what) {
  const std::size_t start = in.offset();
  if constexpr (is_scene_polygon_v<S>) {
    out.reserve(out.size() + n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::string polygon = what + ": polygon " + std::to_string(i);
      Polygon<T> shape = read_simple_polygon<T>(in, polygon, false);
      Polygon<T> given = read_simple_polygon<T>(in, polygon + " as given to move", true);
      out.push_back(ScenePolygon<T>{std::move(shape), std::move(given)});
    }
  } else if constexpr (is_scene_group_v<S>) {
    out.reserve(out.size() + n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::string group = what + ": group " + std::to_string(i);
      const std::size_t at = in.offset();
      std::vector<Shape<T>> parts = read_shape_list<T>(in, group + " parts");
      if (parts.empty()) ByteReader::fail_at(at, group + " has no parts");
      const std::size_t given_at = in.offset();
      std::vector<Shape<T>> given = read_shape_list<T>(in, group + " parts as given to move");
      if (!given.empty() && given.size() != parts.size()) {
        ByteReader::fail_at(given_at, group + " has " + std::to_string(parts.size()) +
                                          " parts and " + std::to_string(given.size()) +
                                          " parts as given to move (0 or as many)");
      }
      SceneGroup<T> g = make_scene_group(std::move(parts));
      g.given = std::move(given);
      out.push_back(std::move(g));
    }
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>> || is_rounded_polygon_v<S>) {
    constexpr bool rounded = is_rounded_polygon_v<S>;
    const char* noun = rounded ? "rounded polygon" : "polygon";
    in.need(n, (std::string(noun) + " vertex counts").c_str());
    const std::uint8_t* counts = in.here();
    for (std::size_t i = 0; i < n; ++i) {
      if (counts[i] < 3 || counts[i] > max_polygon_vertices) {
        ByteReader::fail_at(start + i, what + ": " + noun + " " + std::to_string(i) + " has " +
                                           std::to_string(counts[i]) + " vertices, must be 3 to 8");
      }
    }
    in.skip(n);
    reserve_huge(out, out.size() + n);
    for (std::size_t i = 0; i < n; ++i) {
      ConvexPolygon<T> p{};
      p.count = counts[i];
      const auto count = std::size_t(p.count);
      const std::size_t at = in.offset();
      in.need((4 * count + (rounded ? 1 : 0)) * sizeof(T),
              rounded ? "rounded polygon vertices, normals and radius"
                      : "polygon vertices and normals");
      for (std::size_t k = 0; k < 2 * count; ++k)
        field(p.vertices[k / 2], int(k % 2)) = in.get_unchecked<T>();
      for (std::size_t k = 0; k < 2 * count; ++k)
        field(p.normals[k / 2], int(k % 2)) = in.get_unchecked<T>();
      if constexpr (rounded) {
        const RoundedPolygon<T> r{p, in.get_unchecked<T>()};
        check_shape<T>(r, i, at, what);
        out.push_back(r);
      } else {
        check_shape<T>(p, i, at, what);
        out.push_back(p);
      }
    }
  } else {
    constexpr int fields = field_count<S>;
    in.need(n * fields * sizeof(T), (what + " values").c_str());
    const std::uint8_t* base = in.here();
    reserve_huge(out, out.size() + n);
    for (std::size_t i = 0; i < n; ++i) {
      S shape;
      for (int j = 0; j < fields; ++j) {
        T value;
        std::memcpy(&value, base + (std::size_t(j) * n + i) * sizeof(T), sizeof(T));
        field(shape, j) = little_endian(value);
      }
      check_shape<T>(shape, i, start, what);
      out.push_back(shape);
    }
    in.skip(n * fields * sizeof(T));
  }
}

// A list written by write_shape_list, each shape checked as Scene::add checks it. A count that
// the bytes left cannot hold (a kind byte and a point at least a shape) or a kind out of range
// is an error before anything is allocated for it.
template <class T>
std::vector<Shape<T>> read_shape_list(ByteReader& in, const std::string& what) {
  const std::size_t at = in.offset();
  const std::size_t n = in.count(1 + 2 * sizeof(T), (what + " count").c_str());
  in.need(n, (what + " kinds").c_str());
  const std::uint8_t* kinds = in.here();
  for (std::size_t i = 0; i < n; ++i) {
    if (kinds[i] >= shape_kind_count) {
      ByteReader::fail_at(at + 4 + i, what + ": kind " + std::to_string(kinds[i]) + " of shape " +
                                          std::to_string(i) + ", must be 0 to " +
                                          std::to_string(shape_kind_count - 1));
    }
  }
  const std::vector<std::uint8_t> kind_of(kinds, kinds + n);
  in.skip(n);
  std::vector<Shape<T>> shapes;
  shapes.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    with_kind(kind_of[i], [&](auto k) {
      if constexpr (decltype(k)::value < shape_kind_count) {
        std::vector<ShapeOfKind<decltype(k)::value, T>> one;
        read_shapes<T>(in, one, 1, what + " [" + std::to_string(i) + "]");
        shapes.emplace_back(one[0]);
      }
    });
  }
  return shapes;
}

}  // namespace collide2d::detail
