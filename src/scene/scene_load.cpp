// Scene::load: reads a binary scene file (docs/SCENE_FORMAT.md) into a new SceneImpl, checking
// everything a hostile file could get wrong before it is used: the header, the checksum, every
// count against the bytes left, every id (each handed out once, live or free), every shape (as
// Scene::add checks it), the options. The packed tree is not stored: its items are stored in tree
// order, and packing them again as given (node boxes from item boxes, no Hilbert sort) costs what
// checking stored node boxes would, with nothing to check. Nothing reaches the caller unless all
// of it is valid.
#include <cmath>
#include <istream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/scene.hpp"
#include "detail/huge_pages.hpp"
#include "scene/file_bytes.hpp"
#include "scene/file_shapes.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace detail {
namespace {

struct FileHeader {
  std::uint32_t version = 0;
  std::uint8_t index = 0;
  std::uint8_t flags = 0;
};

template <class T>
const char* scalar_name() {
  return sizeof(T) == 4 ? "float" : "double";
}

template <class T>
FileHeader read_header(ByteReader& in, const std::uint8_t* file, std::size_t size) {
  in.need(scene_file_header_bytes, "the header");
  if (std::memcmp(file, scene_file_magic, sizeof scene_file_magic) != 0)
    in.fail("not a collide2d scene file (no \"C2DSCENE\" magic)");
  in.get<std::uint64_t>("magic");
  const auto version = in.get<std::uint32_t>("version");
  if (version < 1 || version > scene_file_version)
    ByteReader::fail_at(8, "version " + std::to_string(version) + ", this library reads 1 to " +
                               std::to_string(scene_file_version));
  const auto scalar = in.get<std::uint8_t>("scalar size");
  if (scalar != sizeof(T)) {
    ByteReader::fail_at(12, "scalar size " + std::to_string(scalar) + " (" +
                                (scalar == 4   ? "float"
                                 : scalar == 8 ? "double"
                                               : "unknown") +
                                " scalars), this is Scene<" + scalar_name<T>() + ">");
  }
  FileHeader h;
  h.version = version;
  h.index = in.get<std::uint8_t>("index choice");
  if (h.index > std::uint8_t(IndexChoice::grid))
    ByteReader::fail_at(13, "index choice " + std::to_string(h.index) + ", must be 0 to 3");
  h.flags = in.get<std::uint8_t>("flags");
  if ((h.flags & ~(flag_has_z | flag_has_filters | flag_ever_built)) != 0)
    ByteReader::fail_at(14, "unknown flags " + std::to_string(h.flags));
  if (in.get<std::uint8_t>("reserved byte") != 0) ByteReader::fail_at(15, "reserved byte not 0");
  const auto payload = in.get<std::uint64_t>("payload size");
  if (payload != size - scene_file_header_bytes) {
    throw InvalidScene(
        "scene file " +
        std::string(payload > size - scene_file_header_bytes ? "truncated" : "too long") +
        ": the header at byte 16 says " + std::to_string(payload) +
        " payload bytes, the file has " + std::to_string(size - scene_file_header_bytes));
  }
  const auto sum = in.get<std::uint64_t>("checksum");
  if (sum != scene_file_checksum(file, size))
    ByteReader::fail_at(24, "checksum mismatch (the file is corrupted)");
  return h;
}

template <class T>
SceneOptions<T> read_options(ByteReader& in, const FileHeader& h) {
  SceneOptions<T> o;
  o.index = IndexChoice(h.index);
  const std::size_t at = in.offset();
  const auto node_size = in.get<std::uint32_t>("node size");
  if (node_size < 2 || node_size > 256)
    ByteReader::fail_at(at, "node size " + std::to_string(node_size) + ", must be 2 to 256");
  o.node_size = int(node_size);
  o.dynamic_margin = in.get<T>("dynamic margin");
  o.grid_cell_size = in.get<T>("grid cell size");
  if (!(std::isfinite(o.dynamic_margin) && o.dynamic_margin >= T(0)) ||
      !(std::isfinite(o.grid_cell_size) && o.grid_cell_size >= T(0)))
    ByteReader::fail_at(at + 4, "dynamic margin or grid cell size not finite and >= 0");
  return o;
}

// Ids: every id below the count is either free (listed once) or live (in one kind's list once);
// `seen` records which, to check the kinds' lists against.
template <class T>
void read_ids(ByteReader& in, SceneImpl<T>& s, std::vector<std::uint8_t>& seen) {
  const std::size_t at = in.offset();
  const auto id_count = in.get<std::uint32_t>("id count");
  if (id_count >= ShapeRef::slot_mask)
    ByteReader::fail_at(at, "id count " + std::to_string(id_count) + ", at most 2^28 - 2");
  const std::size_t free_at = in.offset() + 4;
  const std::size_t free_count = in.count(4, "free ids");
  if (free_count > id_count)
    ByteReader::fail_at(free_at - 4,
                        std::to_string(free_count) + " free ids of " + std::to_string(id_count));
  // Before allocating for either.
  in.need(free_count * 4 + std::size_t(id_count) * 8, "free ids and user data");
  reserve_huge(s.where, id_count);
  reserve_huge(seen, id_count);
  s.where.assign(id_count, 0);
  seen.assign(id_count, 0);
  std::uint32_t previous = no_index;
  for (std::size_t i = 0; i < free_count; ++i) {
    const auto id = in.get_unchecked<std::uint32_t>();
    if (id >= id_count || seen[id] != 0)
      ByteReader::fail_at(free_at + 4 * i, "free id " + std::to_string(id) +
                                               (id >= id_count ? " out of range" : " repeated"));
    seen[id] = 1;
    if (previous == no_index) {
      s.free_head = id;
    } else {
      s.where[previous] = ShapeRef::make(ShapeRef::free_kind, int(id)).bits;
    }
    previous = id;
  }
  if (previous != no_index)
    s.where[previous] = ShapeRef::make(ShapeRef::free_kind, int(ShapeRef::slot_mask)).bits;
  const std::size_t data_at = in.offset();
  in.need(std::size_t(id_count) * 8, "user data");
  reserve_huge(s.user_data, id_count);
  s.user_data.resize(id_count);
  for (std::size_t id = 0; id < id_count; ++id) {
    s.user_data[id] = in.get_unchecked<std::uint64_t>();
    if (seen[id] == 1 && s.user_data[id] != 0)
      ByteReader::fail_at(data_at + 8 * id,
                          "user data of free id " + std::to_string(id) + " not 0");
  }
  s.live = id_count - free_count;
}

template <class T, int K>
void read_kind(ByteReader& in, SceneImpl<T>& s, std::vector<std::uint8_t>& seen,
               std::size_t& live_seen) {
  auto& store = s.template store<K>();
  const std::string kind = kind_label(K);
  const std::size_t per_shape = 4 + (s.has_z ? 4 : 0) + (s.has_filters ? 8 : 0);
  const std::size_t at = in.offset();
  const std::size_t n = in.count(per_shape, (kind + " count").c_str());
  const auto packed = in.get<std::uint32_t>("packed count");
  if (packed > n)
    ByteReader::fail_at(
        at + 4, kind + " packed count " + std::to_string(packed) + " of " + std::to_string(n));
  if (packed > 0 && (s.options.index == IndexChoice::dynamic ||
                     s.options.index == IndexChoice::grid || !s.ever_built))
    ByteReader::fail_at(at + 4, kind + ": packed shapes, but no packed tree was ever built");
  store.build_cost = in.get<T>("build cost");
  // Infinite when the boxes reach the largest finite values (their perimeters overflow).
  if (!(store.build_cost >= T(0)))
    ByteReader::fail_at(at + 8, kind + " build cost is NaN or negative");
  // The count was checked before the packed count and build cost were read: again, for what
  // follows them (found by fuzz_scene_load).
  in.need(n * per_shape, (kind + " ids, z-orders and filters").c_str());
  const std::size_t ids_at = in.offset();
  reserve_huge(store.ids, n);
  store.ids.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto id = in.get_unchecked<std::uint32_t>();
    if (id >= seen.size() || seen[id] != 0)
      ByteReader::fail_at(ids_at + 4 * i, kind + " shape " + std::to_string(i) + ": id " +
                                              std::to_string(id) +
                                              (id >= seen.size() ? " out of range" : " repeated"));
    seen[id] = 2;
    store.ids[i] = ShapeId{id};
    s.where[id] = ShapeRef::make(K, int(i)).bits;
  }
  live_seen += n;
  if (s.has_z) {
    reserve_huge(store.z, n);
    store.z.resize(n);
    for (auto& z : store.z)
      z = in.get_unchecked<std::int32_t>();
  }
  if (s.has_filters) {
    reserve_huge(store.filters, n);
    store.filters.resize(n);
    for (auto& f : store.filters)
      f.categories = in.get_unchecked<std::uint32_t>();
    for (auto& f : store.filters)
      f.mask = in.get_unchecked<std::uint32_t>();
  }
  read_shapes<T>(in, store.shapes, n, kind + " shapes");
  store.packed = int(packed);
  store.proxies.assign(n - packed, -1);
  s.pending += n - packed;
}

// The packed part of each kind, packed again in its stored order, the boxes written straight into
// the tree's arrays (which checks them as the public constructor does): a copy of the boxes beside
// the tree was 32 MB to allocate and fault in for a million shapes.
template <class T>
void pack_stored(SceneImpl<T>& s) {
  for_each_kind([&](auto k) {
    auto& store = s.template store<decltype(k)::value>();
    store.tree = PackedTreeView<T>::build_in_place(
        std::size_t(store.packed), s.options.node_size, [&](T* x0, T* y0, T* x1, T* y1) {
          for (std::size_t i = 0; i < std::size_t(store.packed); ++i) {
            const Aabb<T> box = stored_box<T>(store.shapes[i]);
            s.note_extent(box);
            x0[i] = box.min.x, y0[i] = box.min.y, x1[i] = box.max.x, y1[i] = box.max.y;
          }
        });
  });
}

template <class T>
void read_locals(ByteReader& in, SceneImpl<T>& s, const std::vector<std::uint8_t>& seen) {
  const std::size_t at = in.offset();
  const std::size_t n = in.count(5, "shapes as given to move");
  if (n == 0) return;
  s.local_of.assign(s.where.size(), no_index);
  s.locals.resize(n);
  std::vector<std::uint32_t> ids(n);
  for (std::size_t i = 0; i < n; ++i) {
    ids[i] = in.get_unchecked<std::uint32_t>();
    if (ids[i] >= seen.size() || seen[ids[i]] != 2 || (i > 0 && ids[i] <= ids[i - 1]))
      ByteReader::fail_at(at + 4 + 4 * i, "shape as given to move: id " + std::to_string(ids[i]) +
                                              " not a live id in increasing order");
    s.local_of[ids[i]] = std::uint32_t(i);
  }
  std::vector<std::uint8_t> kinds(n);
  for (std::size_t i = 0; i < n; ++i) {
    kinds[i] = in.get_unchecked<std::uint8_t>();
    if (kinds[i] >= shape_kind_count)
      ByteReader::fail_at(at + 4 + 4 * n + i, "shape as given to move: kind " +
                                                  std::to_string(kinds[i]) + ", must be 0 to " +
                                                  std::to_string(shape_kind_count - 1));
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (ShapeRef{s.where[ids[i]]}.kind() == group_kind)
      in.fail("shape as given to move: id " + std::to_string(ids[i]) +
              " is a group (a group keeps its parts as given itself)");
    if (ShapeRef{s.where[ids[i]]}.kind() == polygon_kind)
      in.fail("shape as given to move: id " + std::to_string(ids[i]) +
              " is a simple polygon (it keeps its polygon as given itself)");
    with_kind(kinds[i], [&](auto k) {
      if constexpr (decltype(k)::value < shape_kind_count) {
        std::vector<ShapeOfKind<decltype(k)::value, T>> shape;
        read_shapes<T>(in, shape, 1, "shape as given to move of id " + std::to_string(ids[i]));
        s.locals[i] = shape[0];
      }
    });
  }
}

template <class T>
std::unique_ptr<SceneImpl<T>> load_scene(const std::uint8_t* file, std::size_t size) {
  ByteReader in(file, size);
  const FileHeader header = read_header<T>(in, file, size);
  auto s = std::make_unique<SceneImpl<T>>(read_options<T>(in, header));
  s->has_z = (header.flags & flag_has_z) != 0;
  s->has_filters = (header.flags & flag_has_filters) != 0;
  s->ever_built = (header.flags & flag_ever_built) != 0;
  std::vector<std::uint8_t> seen;  // by id: 0 unseen, 1 free, 2 live
  read_ids(in, *s, seen);
  std::size_t live_seen = 0;
  for_each_kind([&](auto k) {
    // Version 1 had no groups, versions 1 and 2 no rounded polygons, 1 to 3 no simple polygons.
    constexpr int K = decltype(k)::value;
    const std::uint32_t since = K == polygon_kind                      ? 4
                                : K == group_kind                      ? 2
                                : K == int(ShapeKind::rounded_polygon) ? 3
                                                                       : 1;
    if (header.version >= since) read_kind<T, K>(in, *s, seen, live_seen);
  });
  if (live_seen != s->live)
    in.fail(std::to_string(live_seen) + " live shapes, the id table says " +
            std::to_string(s->live));
  read_locals(in, *s, seen);
  if (in.left() != 0) in.fail(std::to_string(in.left()) + " bytes after the last section");
  pack_stored(*s);
  s->grid_stale = true;
  return s;
}

}  // namespace
}  // namespace detail

template <class T>
Scene<T> Scene<T>::load(const std::uint8_t* data, std::size_t size) {
  Scene<T> scene;
  scene.impl_ = detail::load_scene<T>(data, size);
  return scene;
}

template <class T>
Scene<T> Scene<T>::load(std::istream& in) {
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                        std::istreambuf_iterator<char>()};
  return load(bytes.data(), bytes.size());
}

template Scene<float> Scene<float>::load(const std::uint8_t*, std::size_t);
template Scene<double> Scene<double>::load(const std::uint8_t*, std::size_t);
template Scene<float> Scene<float>::load(std::istream&);
template Scene<double> Scene<double>::load(std::istream&);

}  // namespace collide2d
