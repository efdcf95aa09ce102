// Scene<double> for JavaScript: a pointer per scene, ids as 32-bit numbers. Id lists are returned
// in id_result (count returned), ray hits in double_result; index.mjs copies them out at once.
// Every call that can throw (an unknown id, an invalid shape or region) returns -1 with the
// message kept; user data stays on the JavaScript side.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "io.hpp"

using namespace collide2d;
using namespace collide2d::js;

namespace {

using Scene2 = Scene<double>;

ShapeId to_id(double id) {
  return ShapeId{static_cast<std::uint32_t>(id)};
}
double from_id(ShapeId id) {
  return static_cast<double>(static_cast<std::uint32_t>(id));
}

int return_ids(const std::vector<ShapeId>& ids) {
  std::vector<std::uint32_t>& out = id_result();
  out.resize(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    out[i] = static_cast<std::uint32_t>(ids[i]);
  return static_cast<int>(ids.size());
}

// A hit as 11 doubles: id, then the raycast record of c2d_raycast.
void put_hit(double* out, const SceneRayHit<double>& h) {
  out[0] = from_id(h.id);
  out[1] = h.hit.t_enter;
  out[2] = h.hit.t_exit;
  out[3] = h.hit.point_enter.x;
  out[4] = h.hit.point_enter.y;
  out[5] = h.hit.point_exit.x;
  out[6] = h.hit.point_exit.y;
  out[7] = h.hit.normal.x;
  out[8] = h.hit.normal.y;
  out[9] = h.hit.started_inside ? 1 : 0;
  out[10] = h.hit.ended_inside ? 1 : 0;
}
constexpr int hit_doubles = 11;

// The parts of the group being added (c2d_group_push).
std::vector<Shape<double>>& staged_parts() {
  static std::vector<Shape<double>> parts;
  return parts;
}

// A group's parts, copied once for Scene.parts: c2d_scene_part_count stages them and
// c2d_scene_part reads them one at a time (a copy per part would make parts() quadratic).
struct StagedParts {
  const Scene2* scene = nullptr;
  double id = -1;
  std::vector<Shape<double>> parts;
};
StagedParts& staged_group() {
  static StagedParts staged;
  return staged;
}
const std::vector<Shape<double>>& stage_parts(Scene2* scene, double id) {
  StagedParts& staged = staged_group();
  staged.scene = nullptr;  // a throw below leaves nothing staged
  staged.parts = scene->parts(to_id(id));
  staged.scene = scene, staged.id = id;
  return staged.parts;
}

// count rows of (cx, cy, width, height, angle), doubles or floats, as obbs (make_obb: full
// sizes, the angle in radians): every row checked, by make_obb and as Scene::add and set_shapes
// check a shape (a box whose bounding box overflows), InvalidShape naming the first bad one.
std::vector<Obb<double>> read_box_rows(const void* rows, int count, int is_float) {
  std::vector<Obb<double>> boxes(static_cast<std::size_t>(count));
  const auto* d = static_cast<const double*>(rows);
  const auto* f = static_cast<const float*>(rows);
  for (int i = 0; i < count; ++i) {
    double v[5];
    for (int k = 0; k < 5; ++k)
      v[k] = is_float ? static_cast<double>(f[5 * i + k]) : d[5 * i + k];
    const auto built = make_obb<double>({v[0], v[1]}, v[2], v[3], v[4]);
    if (!built) throw InvalidShape("row " + std::to_string(i) + ": " + built.error());
    std::string reason;
    if (!CheckedShape<double>::check(built.value(), &reason))
      throw InvalidShape("row " + std::to_string(i) + ": " + reason);
    boxes[static_cast<std::size_t>(i)] = built.value();
  }
  return boxes;
}

}  // namespace

extern "C" {

// index: 0 automatic, 1 packed, 2 dynamic, 3 grid. Null (and the message) on failure.
EMSCRIPTEN_KEEPALIVE Scene2* c2d_scene_new(int index, int node_size) {
  return guarded(
      [&]() -> Scene2* {
        if (node_size < 2 || node_size > 256)
          throw std::invalid_argument("nodeSize is " + std::to_string(node_size) +
                                      ", must be 2 to 256");
        SceneOptions<double> options;
        options.index = static_cast<IndexChoice>(index);
        options.node_size = node_size;
        return new Scene2(options);
      },
      static_cast<Scene2*>(nullptr));
}
EMSCRIPTEN_KEEPALIVE void c2d_scene_delete(Scene2* scene) {
  if (staged_group().scene == scene) staged_group().scene = nullptr;
  delete scene;
}

// Scene files (docs/SCENE_FORMAT.md, "Binary scene files"): save writes the bytes to byte_result
// and returns their count (a double: files may pass 2 GiB), or -1 and the message.
EMSCRIPTEN_KEEPALIVE double c2d_scene_save(const Scene2* scene) {
  return guarded(
      [&] {
        byte_result() = scene->save();
        return static_cast<double>(byte_result().size());
      },
      -1.0);
}
// A new scene from size bytes in the module's memory, or null and InvalidScene's message (which
// names the byte): Scene::load returns only a whole, checked scene, so a failure leaves nothing.
EMSCRIPTEN_KEEPALIVE Scene2* c2d_scene_load(const std::uint8_t* data, double size) {
  return guarded([&] { return new Scene2(Scene2::load(data, static_cast<std::size_t>(size))); },
                 static_cast<Scene2*>(nullptr));
}

// The shape in io_shape_a; returns its id.
EMSCRIPTEN_KEEPALIVE double c2d_scene_add(Scene2* scene) {
  return guarded([&] { return from_id(scene->add(read_shape(io() + io_shape_a))); }, -1.0);
}

// Groups: the parts are staged one at a time (c2d_group_clear, then c2d_group_push with each part
// in io_shape_a), then c2d_scene_add_group adds them as one id (-1 and the message on failure:
// no parts, or a part Scene::add_group rejects).
EMSCRIPTEN_KEEPALIVE void c2d_group_clear() {
  staged_parts().clear();
}
EMSCRIPTEN_KEEPALIVE int c2d_group_push() {
  return guarded([&] { return staged_parts().push_back(read_shape(io() + io_shape_a)), 0; }, -1);
}
EMSCRIPTEN_KEEPALIVE double c2d_scene_add_group(Scene2* scene) {
  return guarded([&] { return from_id(scene->add_group(staged_parts())); }, -1.0);
}
// 1 for a group, 0 for a shape, -1 for an unknown id.
EMSCRIPTEN_KEEPALIVE int c2d_scene_is_group(Scene2* scene, double id) {
  return guarded([&] { return scene->is_group(to_id(id)) ? 1 : 0; }, -1);
}
// The part count of the id (1 for a shape), or -1; stages the parts for c2d_scene_part.
EMSCRIPTEN_KEEPALIVE int c2d_scene_part_count(Scene2* scene, double id) {
  return guarded([&] { return static_cast<int>(stage_parts(scene, id).size()); }, -1);
}
// Part `part` of the id, written as c2d_scene_shape writes a shape: from the parts that
// c2d_scene_part_count staged for the same scene and id, else staged anew.
EMSCRIPTEN_KEEPALIVE int c2d_scene_part(Scene2* scene, double id, int part) {
  return guarded(
      [&] {
        const StagedParts& staged = staged_group();
        const std::vector<Shape<double>>& parts =
            staged.scene == scene && staged.id == id ? staged.parts : stage_parts(scene, id);
        if (part < 0 || std::size_t(part) >= parts.size())
          throw std::out_of_range("part " + std::to_string(part) + " of " +
                                  std::to_string(parts.size()));
        return write_shape(parts[std::size_t(part)], io() + io_result), 0;
      },
      -1);
}

// Simple polygons (Scene::add(Polygon)): polygon is a pointer of c2d_simple_polygon_new, which
// index.mjs checked is live; the scene shares its data, so disposing it later changes nothing.
// The id, or -1 and the message.
EMSCRIPTEN_KEEPALIVE double c2d_scene_add_polygon(Scene2* scene, const Polygon<double>* polygon) {
  return guarded([&] { return from_id(scene->add(*polygon)); }, -1.0);
}
// The id becomes the simple polygon (Scene::set_shape): 0, or -1 and the message.
EMSCRIPTEN_KEEPALIVE int c2d_scene_move_polygon(Scene2* scene, double id,
                                                const Polygon<double>* polygon) {
  return guarded([&] { return scene->set_shape(to_id(id), *polygon), 0; }, -1);
}
// 1 for a simple polygon, 0 for a shape or a group, -1 for an unknown id.
EMSCRIPTEN_KEEPALIVE int c2d_scene_is_polygon(Scene2* scene, double id) {
  return guarded([&] { return scene->is_polygon(to_id(id)) ? 1 : 0; }, -1);
}
// The id's simple polygon as a new polygon object (sharing the scene's data), described as
// c2d_simple_polygon_new describes one, for index.mjs to adopt; null and the message for an id
// that is not a simple polygon or not in the scene.
EMSCRIPTEN_KEEPALIVE Polygon<double>* c2d_scene_polygon(Scene2* scene, double id) {
  return guarded(
      [&]() -> Polygon<double>* {
        auto polygon = std::make_unique<Polygon<double>>(scene->polygon(to_id(id)));
        describe_polygon(*polygon);
        return polygon.release();
      },
      static_cast<Polygon<double>*>(nullptr));
}

// rows: count rows of (cx, cy, width, height, angle), as doubles or floats; ids to id_result.
// All rows are checked before any is added, so a bad row adds nothing.
EMSCRIPTEN_KEEPALIVE int c2d_scene_add_boxes(Scene2* scene, const void* rows, int count,
                                             int is_float) {
  return guarded(
      [&] {
        const std::vector<Obb<double>> boxes = read_box_rows(rows, count, is_float);
        std::vector<std::uint32_t>& ids = id_result();
        ids.resize(boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i)
          ids[i] = static_cast<std::uint32_t>(scene->add(boxes[i]));
        return count;
      },
      -1);
}

// The batch of c2d_scene_move: ids[i] gets the obb of row i (rows as c2d_scene_add_boxes reads
// them), as Scene::set_shapes does, in order (a repeated id keeps its last row). Every row and
// every id is checked before anything changes (set_shapes checks again), so a bad batch, named
// by its row or its id's index, changes nothing.
EMSCRIPTEN_KEEPALIVE int c2d_scene_move_boxes(Scene2* scene, const std::uint32_t* ids,
                                              const void* rows, int count, int is_float) {
  return guarded(
      [&] {
        const std::vector<Obb<double>> boxes = read_box_rows(rows, count, is_float);
        std::vector<ShapeId> moved(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < moved.size(); ++i) {
          moved[i] = ShapeId{ids[i]};
          if (!scene->has(moved[i]))
            throw std::out_of_range("ids[" + std::to_string(i) + "] is " + std::to_string(ids[i]) +
                                    ": no shape has that id");
        }
        scene->set_shapes(std::span<const ShapeId>(moved), std::span<const Obb<double>>(boxes));
        return 0;
      },
      -1);
}

EMSCRIPTEN_KEEPALIVE int c2d_scene_move(Scene2* scene, double id) {
  return guarded([&] { return scene->set_shape(to_id(id), read_shape(io() + io_shape_a)), 0; }, -1);
}
EMSCRIPTEN_KEEPALIVE int c2d_scene_remove(Scene2* scene, double id) {
  return guarded([&] { return scene->remove(to_id(id)), 0; }, -1);
}
EMSCRIPTEN_KEEPALIVE void c2d_scene_clear(Scene2* scene) {
  scene->clear();
}
EMSCRIPTEN_KEEPALIVE int c2d_scene_has(Scene2* scene, double id) {
  return scene->has(to_id(id)) ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE double c2d_scene_size(Scene2* scene) {
  return static_cast<double>(scene->size());
}
// The shape to io_result.
EMSCRIPTEN_KEEPALIVE int c2d_scene_shape(Scene2* scene, double id) {
  return guarded([&] { return write_shape(scene->shape(to_id(id)), io() + io_result), 0; }, -1);
}
// z to io_result[0].
EMSCRIPTEN_KEEPALIVE int c2d_scene_z(Scene2* scene, double id) {
  return guarded([&] { return io()[io_result] = scene->z(to_id(id)), 0; }, -1);
}
EMSCRIPTEN_KEEPALIVE int c2d_scene_set_z(Scene2* scene, double id, int z) {
  return guarded([&] { return scene->set_z(to_id(id), z), 0; }, -1);
}
EMSCRIPTEN_KEEPALIVE int c2d_scene_set_filter(Scene2* scene, double id, double categories,
                                              double mask) {
  return guarded(
      [&] {
        scene->set_filter(to_id(id), Filter{static_cast<std::uint32_t>(categories),
                                            static_cast<std::uint32_t>(mask)});
        return 0;
      },
      -1);
}

// The region in io_shape_a (aabb, obb or polygon); mode 0 intersects, 1 contains.
EMSCRIPTEN_KEEPALIVE int c2d_scene_select(Scene2* scene, int mode, int flags, double categories,
                                          double mask) {
  return guarded(
      [&] {
        const QueryOptions options = read_options(flags, categories, mask);
        const SelectMode how = mode == 1 ? SelectMode::contains : SelectMode::intersects;
        const Shape2 region = read_shape(io() + io_shape_a);
        std::vector<ShapeId> ids;
        if (const auto* box = std::get_if<Aabb<double>>(&region)) {
          scene->select(*box, how, options, ids);
        } else if (const auto* obb = std::get_if<Obb<double>>(&region)) {
          scene->select(*obb, how, options, ids);
        } else if (const auto* polygon = std::get_if<ConvexPolygon<double>>(&region)) {
          scene->select(*polygon, how, options, ids);
        } else {
          throw std::invalid_argument("a selection region is an aabb, an obb or a polygon");
        }
        return return_ids(ids);
      },
      -1);
}

// Lassos (collide2d/lasso.hpp): count (x, y) pairs in the module's memory. index.mjs keeps a
// lasso's points and builds it for each selection; c2d_check_lasso builds it once to report a bad
// one where it is made: 0, or -1 and make_lasso's message.
EMSCRIPTEN_KEEPALIVE int c2d_check_lasso(const double* points, int count) {
  return guarded(
      [&] {
        const auto lasso = make_lasso<double>(read_points(points, count));
        if (!lasso) throw std::invalid_argument(lasso.error());
        return 0;
      },
      -1);
}
// The lasso through points; mode and options as in c2d_scene_select.
EMSCRIPTEN_KEEPALIVE int c2d_scene_select_lasso(Scene2* scene, const double* points, int count,
                                                int mode, int flags, double categories,
                                                double mask) {
  return guarded(
      [&] {
        const auto lasso = make_lasso<double>(read_points(points, count));
        if (!lasso) throw std::invalid_argument(lasso.error());
        std::vector<ShapeId> ids;
        scene->select(lasso.value(), mode == 1 ? SelectMode::contains : SelectMode::intersects,
                      read_options(flags, categories, mask), ids);
        return return_ids(ids);
      },
      -1);
}

EMSCRIPTEN_KEEPALIVE int c2d_scene_hit_test(Scene2* scene, double x, double y, int flags,
                                            double categories, double mask) {
  return guarded(
      [&] {
        return return_ids(scene->hit_test({x, y}, read_options(flags, categories, mask)));
      },
      -1);
}

// The ray in io_ray; the hit to io_result as in put_hit. 1 hit, 0 none, -1 failure.
EMSCRIPTEN_KEEPALIVE int c2d_scene_raycast_closest(Scene2* scene, int flags, double categories,
                                                   double mask) {
  return guarded(
      [&] {
        const auto hit =
            scene->raycast_closest(read_ray(io() + io_ray), read_options(flags, categories, mask));
        if (!hit) return 0;
        put_hit(io() + io_result, *hit);
        return 1;
      },
      -1);
}

// Every hit to double_result, hit_doubles each; returns the count.
EMSCRIPTEN_KEEPALIVE int c2d_scene_raycast_all(Scene2* scene, int flags, double categories,
                                               double mask) {
  return guarded(
      [&] {
        const auto hits =
            scene->raycast_all(read_ray(io() + io_ray), read_options(flags, categories, mask));
        std::vector<double>& out = double_result();
        out.resize(hits.size() * hit_doubles);
        for (std::size_t i = 0; i < hits.size(); ++i)
          put_hit(out.data() + i * hit_doubles, hits[i]);
        return static_cast<int>(hits.size());
      },
      -1);
}

// Pairs flat in id_result; returns the number of pairs.
EMSCRIPTEN_KEEPALIVE int c2d_scene_overlapping_pairs(Scene2* scene, int flags, double categories,
                                                     double mask) {
  return guarded(
      [&] {
        std::vector<ShapePair> pairs;
        scene->overlapping_pairs(read_options(flags, categories, mask), pairs, 1);
        std::vector<std::uint32_t>& out = id_result();
        out.resize(2 * pairs.size());
        for (std::size_t i = 0; i < pairs.size(); ++i) {
          out[2 * i] = static_cast<std::uint32_t>(pairs[i].first);
          out[2 * i + 1] = static_cast<std::uint32_t>(pairs[i].second);
        }
        return static_cast<int>(pairs.size());
      },
      -1);
}

// The shape in io_shape_a.
EMSCRIPTEN_KEEPALIVE int c2d_scene_overlapping(Scene2* scene, int flags, double categories,
                                               double mask) {
  return guarded(
      [&] {
        return return_ids(scene->overlapping(read_shape(io() + io_shape_a),
                                             read_options(flags, categories, mask)));
      },
      -1);
}

// The k nearest shapes to (x, y), or to the shape in io_shape_a when shape != 0, within
// max_distance: (id, distance) pairs flat in double_result; returns the count (-1: failure).
EMSCRIPTEN_KEEPALIVE int c2d_scene_nearest(Scene2* scene, int shape, double x, double y, double k,
                                           double max_distance, int flags, double categories,
                                           double mask) {
  return guarded(
      [&] {
        const QueryOptions options = read_options(flags, categories, mask);
        const auto count = static_cast<std::size_t>(k);
        const auto found =
            shape != 0 ? scene->nearest(read_shape(io() + io_shape_a), count, max_distance, options)
                       : scene->nearest(Point<double>{x, y}, count, max_distance, options);
        std::vector<double>& out = double_result();
        out.resize(2 * found.size());
        for (std::size_t i = 0; i < found.size(); ++i) {
          out[2 * i] = static_cast<double>(static_cast<std::uint32_t>(found[i].id));
          out[2 * i + 1] = found[i].distance;
        }
        return static_cast<int>(found.size());
      },
      -1);
}

// The box in io_shape_a (an aabb record).
EMSCRIPTEN_KEEPALIVE int c2d_scene_candidates(Scene2* scene, int flags, double categories,
                                              double mask) {
  return guarded(
      [&] {
        const Shape2 box = read_shape(io() + io_shape_a);
        return return_ids(
            scene->candidates(std::get<Aabb<double>>(box), read_options(flags, categories, mask)));
      },
      -1);
}

EMSCRIPTEN_KEEPALIVE int c2d_scene_update(Scene2* scene) {
  return guarded([&] { return scene->update(), 0; }, -1);
}

// io_result: shapes, packed, dynamic, removed, rebuilds, memory bytes.
EMSCRIPTEN_KEEPALIVE void c2d_scene_stats(Scene2* scene) {
  const SceneStats s = scene->stats();
  double* out = io() + io_result;
  out[0] = static_cast<double>(s.shapes);
  out[1] = static_cast<double>(s.packed);
  out[2] = static_cast<double>(s.dynamic);
  out[3] = static_cast<double>(s.removed);
  out[4] = static_cast<double>(s.rebuilds);
  out[5] = static_cast<double>(s.memory_bytes);
}

// Node boxes to double_result, 5 doubles each (min x, min y, max x, max y, depth); the count.
EMSCRIPTEN_KEEPALIVE int c2d_scene_index_boxes(Scene2* scene) {
  return guarded(
      [&] {
        scene->update();
        std::vector<double>& out = double_result();
        out.clear();
        scene->for_each_index_node([&](const Aabb<double>& box, int depth) {
          out.insert(out.end(), {box.min.x, box.min.y, box.max.x, box.max.y, double(depth)});
        });
        return static_cast<int>(out.size() / 5);
      },
      -1);
}

}  // extern "C"
