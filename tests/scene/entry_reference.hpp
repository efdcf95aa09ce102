// Scene tests: EntryReference, the brute-force answer to every Scene query over entries that are
// shapes, groups (a list of parts) or simple polygons, each query looping over every entry with the
// library's free functions, as scene.hpp states the semantics: some piece for intersects, every
// piece for contains, the piece entered first for rays, the least distance for nearest. It knows
// nothing of how the Scene stores them. Used by test_scene_groups.cpp and test_scene_polygons.cpp.
#pragma once

#include "scene/scene_support.hpp"

namespace c2s {

template <class T>
struct Entry {
  std::optional<Polygon<T>> polygon;  // else the parts (a shape: one)
  std::vector<Shape<T>> parts;
  Polygon<T> given;  // the polygon as given, once moved
  std::int32_t z = 0;
  Filter filter{};
  bool alive = false;
};

// f(s) for the polygon, or for each part (a Shape) until f answers `stop`; whether it did.
template <class T, class F>
bool any_piece_is(const Entry<T>& e, bool stop, F&& f) {
  if (e.polygon) return bool(f(*e.polygon)) == stop;
  for (const Shape<T>& p : e.parts) {
    if (bool(f(p)) == stop) return true;
  }
  return false;
}

// A query as the free functions take it: a Polygon, else any shape in the variant.
template <class T, class Q>
auto as_query(const Q& q) {
  if constexpr (std::is_same_v<Q, Polygon<T>>) {
    return q;
  } else {
    return Shape<T>(q);
  }
}

template <class T>
Aabb<T> entry_bounds(const Entry<T>& e) {
  Aabb<T> box = e.polygon ? bounding_box(*e.polygon) : bounding_box(e.parts[0]);
  for (const Shape<T>& p : e.parts) {
    const Aabb<T> b = bounding_box(p);
    box = {{std::min(box.min.x, b.min.x), std::min(box.min.y, b.min.y)},
           {std::max(box.max.x, b.max.x), std::max(box.max.y, b.max.y)}};
  }
  const T m = T(1e-3) * (T(1) + std::max({std::abs(box.min.x), std::abs(box.min.y),
                                          std::abs(box.max.x), std::abs(box.max.y)}));
  return {{box.min.x - m, box.min.y - m}, {box.max.x + m, box.max.y + m}};
}

template <class T>
class EntryReference {
 public:
  std::vector<Entry<T>> entries;

  Entry<T>& at(ShapeId id) {
    const auto i = std::size_t(id);
    if (i >= entries.size()) entries.resize(i + 1);
    return entries[i];
  }
  bool passes(std::size_t i, const QueryOptions& o) const {
    const Filter f = entries[i].filter;
    return (f.categories & o.filter.mask) != 0 && (o.filter.categories & f.mask) != 0 &&
           (!o.accept || o.accept(ShapeId(std::uint32_t(i))));
  }
  template <class Test>
  std::vector<ShapeId> every(const QueryOptions& o, Test&& test) const {
    std::vector<ShapeId> out;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].alive && passes(i, o) && test(entries[i]))
        out.push_back(ShapeId(std::uint32_t(i)));
    }
    return out;
  }
  // Q: a region shape, a query shape or a Polygon (the simple lasso's region).
  template <class Q>
  std::vector<ShapeId> select(const Q& region, SelectMode mode, const QueryOptions& o) const {
    const auto q = as_query<T>(region);
    const bool strict = o.exclude_touching;
    return every(o, [&](const Entry<T>& e) {
      if (mode == SelectMode::intersects) {
        return any_piece_is(e, true, [&](const auto& s) {
          return strict ? overlaps_interior(q, s) : overlaps(q, s);
        });
      }
      return !any_piece_is(e, false, [&](const auto& s) {
        return strict ? contains_strictly(q, s) : contains(q, s);
      });
    });
  }
  bool above(ShapeId a, ShapeId b) const {
    const std::int32_t za = entries[std::size_t(a)].z, zb = entries[std::size_t(b)].z;
    return za != zb ? za > zb : a > b;
  }
  std::vector<ShapeId> hit_test(Vec2<T> point, const QueryOptions& o) const {
    std::vector<ShapeId> out = select(Point<T>(point), SelectMode::intersects, o);
    std::sort(out.begin(), out.end(), [&](ShapeId a, ShapeId b) { return above(a, b); });
    return out;
  }
  std::vector<SceneRayHit<T>> raycast_all(const Ray<T>& ray, const QueryOptions& o) const {
    std::vector<SceneRayHit<T>> out;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (!entries[i].alive || !passes(i, o)) continue;
      std::optional<RayHit<T>> first;
      any_piece_is(entries[i], true, [&](const auto& s) {
        const auto hit = raycast(ray, s);
        if (hit && (!first || hit->t_enter < first->t_enter)) first = hit;
        return false;
      });
      if (first) out.push_back({ShapeId(std::uint32_t(i)), *first});
    }
    std::sort(out.begin(), out.end(), [&](const SceneRayHit<T>& a, const SceneRayHit<T>& b) {
      return a.hit.t_enter != b.hit.t_enter ? a.hit.t_enter < b.hit.t_enter : above(a.id, b.id);
    });
    return out;
  }
  template <class Q>
  std::vector<SceneNearest<T>> nearest(const Q& query, std::size_t k, T max_distance,
                                       const QueryOptions& o) const {
    const auto q = as_query<T>(query);
    std::vector<std::pair<T, ShapeId>> found;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (!entries[i].alive || !passes(i, o)) continue;
      T best = std::numeric_limits<T>::infinity();
      any_piece_is(entries[i], true, [&](const auto& s) {
        const T d = overlaps(q, s) ? T(0) : distance(q, s).distance;
        best = std::min(best, d);
        return false;
      });
      if (best <= max_distance) found.push_back({best, ShapeId(std::uint32_t(i))});
    }
    std::sort(found.begin(), found.end(), [&](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : above(a.second, b.second);
    });
    std::vector<SceneNearest<T>> out;
    for (std::size_t i = 0; i < found.size() && i < k; ++i)
      out.push_back({found[i].second, found[i].first});
    return out;
  }
  std::vector<ShapePair> pairs(const QueryOptions& o) const {
    std::vector<ShapePair> out;
    std::vector<Aabb<T>> bounds(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i)
      if (entries[i].alive) bounds[i] = entry_bounds(entries[i]);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      for (std::size_t j = i + 1; j < entries.size(); ++j) {
        const Entry<T>&a = entries[i], &b = entries[j];
        if (!a.alive || !b.alive || !passes(i, o) || !passes(j, o)) continue;
        if (!overlaps(bounds[i], bounds[j])) continue;
        if ((a.filter.categories & b.filter.mask) == 0 ||
            (b.filter.categories & a.filter.mask) == 0)
          continue;
        const bool hit = any_piece_is(a, true, [&](const auto& p) {
          return any_piece_is(b, true, [&](const auto& q) {
            return o.exclude_touching ? overlaps_interior(p, q) : overlaps(p, q);
          });
        });
        if (hit) out.push_back({ShapeId(std::uint32_t(i)), ShapeId(std::uint32_t(j))});
      }
    }
    return out;
  }
  long polygons_in(const std::vector<ShapeId>& ids) const {
    long n = 0;
    for (const ShapeId id : ids)
      n += entries[std::size_t(id)].polygon ? 1 : 0;
    return n;
  }
};

inline std::vector<ShapePair> sorted_pairs(std::vector<ShapePair> v) {
  std::sort(v.begin(), v.end(), [](const ShapePair& a, const ShapePair& b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  return v;
}

// The Scene's answers against the reference's, field by field.
template <class T>
void expect_same_rays(const std::vector<SceneRayHit<T>>& got,
                      const std::vector<SceneRayHit<T>>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].id, expected[i].id);
    EXPECT_EQ(got[i].hit.t_enter, expected[i].hit.t_enter);
    EXPECT_EQ(got[i].hit.t_exit, expected[i].hit.t_exit);
    EXPECT_EQ(got[i].hit.normal.x, expected[i].hit.normal.x);
    EXPECT_EQ(got[i].hit.normal.y, expected[i].hit.normal.y);
  }
}

template <class T>
void expect_same_nearest(const std::vector<SceneNearest<T>>& got,
                         const std::vector<SceneNearest<T>>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].id, expected[i].id);
    EXPECT_EQ(got[i].distance, expected[i].distance);
  }
}

}  // namespace c2s
