// Scene::save: the binary scene file (docs/SCENE_FORMAT.md, "Binary scene files").
//
// The file holds the scene's state in a canonical form, so that save(load(f)) == f: removed
// slots of the packed part are left out (the loaded tree packs the live shapes in the same
// order), shapes in the dynamic tree or not yet indexed are stored as "unpacked" and indexed
// again by the first query after loading, the grid is rebuilt then, and the shapes as given to
// move are listed by id.
#include <ostream>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide2d/scene.hpp"
#include "scene/file_bytes.hpp"
#include "scene/file_shapes.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace detail {
namespace {

template <class T>
void write_options(ByteWriter& out, const SceneImpl<T>& s) {
  out.put(std::uint32_t(s.options.node_size));
  out.put(s.options.dynamic_margin);
  out.put(s.options.grid_cell_size);
}

// Ids: how many were ever handed out, the free ones in the order later adds take them, and the
// user data of every id (0 for free ones).
template <class T>
void write_ids(ByteWriter& out, const SceneImpl<T>& s) {
  out.put(std::uint32_t(s.where.size()));
  std::vector<std::uint32_t> free_ids;
  for (std::uint32_t id = s.free_head; id != no_index;) {
    free_ids.push_back(id);
    const std::uint32_t next = ShapeRef{s.where[id]}.bits & ShapeRef::slot_mask;
    id = next == ShapeRef::slot_mask ? no_index : next;
  }
  out.put(std::uint32_t(free_ids.size()));
  out.put_array<std::uint32_t>(free_ids.size(), [&](std::size_t i) { return free_ids[i]; });
  out.put_array<std::uint64_t>(s.user_data.size(), [&](std::size_t i) { return s.user_data[i]; });
}

// One kind: its live shapes, the packed ones first in tree order, then the unpacked ones.
template <class T, int K>
void write_kind(ByteWriter& out, const SceneImpl<T>& s) {
  const auto& store = s.template store<K>();
  std::vector<std::uint32_t> slots;
  slots.reserve(std::size_t(store.size() - store.dead));
  for (int slot = 0; slot < store.size(); ++slot) {
    if (store.ids[std::size_t(slot)] != dead_id) slots.push_back(std::uint32_t(slot));
  }
  const std::size_t n = slots.size();
  out.put(std::uint32_t(n));
  out.put(std::uint32_t(store.packed - store.dead));
  out.put(store.build_cost);
  out.put_array<std::uint32_t>(n, [&](std::size_t i) { return store.ids[slots[i]]; });
  if (s.has_z) out.put_array<std::int32_t>(n, [&](std::size_t i) { return store.z[slots[i]]; });
  if (s.has_filters) {
    out.put_array<std::uint32_t>(n,
                                 [&](std::size_t i) { return store.filters[slots[i]].categories; });
    out.put_array<std::uint32_t>(n, [&](std::size_t i) { return store.filters[slots[i]].mask; });
  }
  using S = ShapeOfKind<K, T>;
  write_shapes<T, S>(out, n, [&](std::size_t i) -> const S& { return store.shapes[slots[i]]; });
}

// The shapes as given to move, by id: each id, its kind, then the shape alone.
template <class T>
void write_locals(ByteWriter& out, const SceneImpl<T>& s) {
  std::vector<std::uint32_t> ids;
  for (std::size_t id = 0; id < s.local_of.size(); ++id) {
    if (s.local_of[id] != no_index) ids.push_back(std::uint32_t(id));
  }
  out.put(std::uint32_t(ids.size()));
  out.put_array<std::uint32_t>(ids.size(), [&](std::size_t i) { return ids[i]; });
  out.put_array<std::uint8_t>(ids.size(),
                              [&](std::size_t i) { return s.locals[s.local_of[ids[i]]].index(); });
  for (const std::uint32_t id : ids) {
    const Shape<T>& shape = s.locals[s.local_of[id]];
    std::visit(
        [&](const auto& alone) {
          using S = std::decay_t<decltype(alone)>;
          write_shapes<T, S>(out, 1, [&](std::size_t) -> const S& { return alone; });
        },
        shape);
  }
}

template <class T>
std::vector<std::uint8_t> save_scene(const SceneImpl<T>& s) {
  ByteWriter out;
  out.put_bytes(scene_file_magic, sizeof scene_file_magic);
  out.put(scene_file_version);
  out.put(std::uint8_t(sizeof(T)));
  out.put(std::uint8_t(s.options.index));
  out.put(std::uint8_t((s.has_z ? flag_has_z : 0) | (s.has_filters ? flag_has_filters : 0) |
                       (s.ever_built ? flag_ever_built : 0)));
  out.put(std::uint8_t(0));
  out.put(std::uint64_t(0));  // payload size and checksum, filled in below
  out.put(std::uint64_t(0));
  write_options(out, s);
  write_ids(out, s);
  for_each_kind([&](auto k) { write_kind<T, decltype(k)::value>(out, s); });
  write_locals(out, s);

  std::vector<std::uint8_t>& bytes = out.bytes();
  const std::uint64_t payload =
      little_endian(std::uint64_t(bytes.size() - scene_file_header_bytes));
  std::memcpy(bytes.data() + 16, &payload, 8);
  const std::uint64_t sum = little_endian(scene_file_checksum(bytes.data(), bytes.size()));
  std::memcpy(bytes.data() + scene_file_checksum_offset, &sum, 8);
  return std::move(bytes);
}

}  // namespace
}  // namespace detail

template <class T>
std::vector<std::uint8_t> Scene<T>::save() const {
  return detail::save_scene(*impl_);
}

template <class T>
void Scene<T>::save(std::ostream& out) const {
  const std::vector<std::uint8_t> bytes = save();
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

template std::vector<std::uint8_t> Scene<float>::save() const;
template std::vector<std::uint8_t> Scene<double>::save() const;
template void Scene<float>::save(std::ostream&) const;
template void Scene<double>::save(std::ostream&) const;

}  // namespace collide2d
