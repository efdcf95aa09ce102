// Scene::save and Scene::load: round trips on seeded random scenes (every kind, both scalars,
// every index choice, after removes, moves and later adds) compared query by query with the saved
// scene; the file's layout checked by hand on small cases; every truncation, every single-byte
// corruption and hostile counts (with a valid checksum, computed here from the format's
// description) refused with InvalidScene.
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "scene/file_checksum.hpp"
#include "scene/scene_support.hpp"

namespace c2s {
namespace {

using Bytes = std::vector<std::uint8_t>;

template <class V>
void poke(Bytes& f, std::size_t at, V value) {
  std::memcpy(f.data() + at, &value, sizeof(V));  // the test machine is little-endian
}
template <class V>
V peek(const Bytes& f, std::size_t at) {
  V value;
  std::memcpy(&value, f.data() + at, sizeof(V));
  return value;
}

template <class T>
std::string load_error(const Bytes& f, std::size_t size) {
  try {
    (void)Scene<T>::load(f.data(), size);
  } catch (const InvalidScene& e) {
    return e.what();
  }
  return "";
}

// Two or three shapes of the source, as the parts of a group.
template <class T>
std::vector<Shape<T>> some_parts(ShapeSource<T>& source, std::mt19937& rng) {
  std::vector<Shape<T>> parts;
  for (int n = 2 + int(rng() % 2); n > 0; --n)
    parts.push_back(source.shape());
  return parts;
}

// A simple polygon of 5 to 12 vertices (a star, concave) at a place of the source.
template <class T>
Polygon<T> some_polygon(ShapeSource<T>& source) {
  for (;;) {
    const auto [cx, cy, size] = source.place();
    const int n = source.integer(5, 12);
    std::vector<Vec2<T>> v;
    for (int i = 0; i < n; ++i) {
      const double a = 2 * pi<double> * i / n, r = size * (i % 2 ? 0.4 : 1.0);
      v.push_back({T(cx + r * std::cos(a)), T(cy + r * std::sin(a))});
    }
    if (auto p = make_simple_polygon(v)) return p.value();
  }
}

// A scene with every kind, groups and simple polygons, z-orders, filters, user data, removed ids
// and moved shapes, groups and polygons.
template <class T>
Scene<T> varied_scene(SceneOptions<T> options, int count, std::uint32_t seed, bool queried) {
  ShapeSource<T> source(Layout::uniform, count, seed);
  std::mt19937 rng(seed);
  Scene<T> scene(options);
  std::vector<ShapeId> ids;
  for (int i = 0; i < count; ++i) {
    // The shape before its user data, in separate statements: the order of two draws in one
    // argument list is unspecified (g++ and clang differ).
    const auto kind = rng() % 12;
    if (kind < 2) {
      const auto parts = some_parts(source, rng);
      ids.push_back(scene.add_group(parts, rng()));
    } else if (kind == 2) {
      const Polygon<T> polygon = some_polygon(source);
      ids.push_back(scene.add(polygon, rng()));
    } else {
      const Shape<T> shape = source.shape();
      ids.push_back(scene.add(shape, rng()));
    }
  }
  for (const ShapeId id : ids) {
    if (rng() % 5 == 0) scene.set_z(id, std::int32_t(rng() % 7) - 3);
    if (rng() % 7 == 0)
      scene.set_filter(id, Filter{std::uint32_t(rng() % 4 + 1), std::uint32_t(rng())});
  }
  if (queried) scene.update();
  for (const ShapeId id : ids) {
    const auto r = rng() % 10;
    if (r == 0) scene.remove(id);
    if (r == 1) scene.move(id, Transform<T>{{T(rng() % 50), T(0)}, Rot<T>{T(0), T(1)}});
    if (r == 2) scene.set_shape(id, source.shape());
    if (r == 3) scene.set_parts(id, some_parts(source, rng));
  }
  for (int i = 0; i < count / 10; ++i)
    scene.add(source.shape(), rng());
  return scene;
}

template <class T>
void expect_same_answers(Scene<T>& a, Scene<T>& b, std::uint32_t seed) {
  ShapeSource<T> source(Layout::uniform, int(a.size()), seed);
  ASSERT_EQ(a.size(), b.size());
  for (int q = 0; q < 20; ++q) {
    const auto mode = q % 2 ? SelectMode::intersects : SelectMode::contains;
    const auto box = source.region_aabb();
    EXPECT_EQ(sorted(a.select(box, mode)), sorted(b.select(box, mode)));
    const auto obb = source.region_obb();
    EXPECT_EQ(sorted(a.select(obb, mode)), sorted(b.select(obb, mode)));
    const auto polygon = source.region_polygon();
    EXPECT_EQ(sorted(a.select(polygon, mode)), sorted(b.select(polygon, mode)));
    const Vec2<T> p = source.region_centre();
    EXPECT_EQ(a.hit_test(p), b.hit_test(p));
    const Ray<T> ray = source.ray();
    const auto ha = a.raycast_all(ray), hb = b.raycast_all(ray);
    ASSERT_EQ(ha.size(), hb.size());
    for (std::size_t i = 0; i < ha.size(); ++i) {
      EXPECT_EQ(ha[i].id, hb[i].id);
      EXPECT_EQ(ha[i].hit.t_enter, hb[i].hit.t_enter);
    }
    const auto na = a.nearest(p, 5), nb = b.nearest(p, 5);
    ASSERT_EQ(na.size(), nb.size());
    for (std::size_t i = 0; i < na.size(); ++i) {
      EXPECT_EQ(na[i].id, nb[i].id);
      EXPECT_EQ(na[i].distance, nb[i].distance);
    }
  }
  EXPECT_EQ(ReferenceScene<T>::sorted(a.overlapping_pairs()),
            ReferenceScene<T>::sorted(b.overlapping_pairs()));
}

template <class T>
void round_trip(IndexChoice choice, bool queried, std::uint32_t seed) {
  SCOPED_TRACE(::testing::Message() << "index " << int(choice) << " queried " << queried << " seed "
                                    << seed << " scalar " << sizeof(T));
  SceneOptions<T> options;
  options.index = choice;
  options.node_size = 4 + int(seed % 13);
  Scene<T> original = varied_scene<T>(options, 400, seed, queried);
  const Bytes saved = original.save();
  Scene<T> loaded = Scene<T>::load(saved);
  EXPECT_EQ(loaded.validate(), "");
  EXPECT_TRUE(loaded.save() == saved) << "save(load(save(s))) differs from save(s)";
  EXPECT_EQ(loaded.index_choice(), choice);
  for (std::uint32_t i = 0; i < 500; ++i) {
    const ShapeId id{i};
    ASSERT_EQ(original.has(id), loaded.has(id)) << i;
    if (!original.has(id)) continue;
    EXPECT_EQ(original.user_data(id), loaded.user_data(id));
    EXPECT_EQ(original.z(id), loaded.z(id));
    EXPECT_EQ(original.filter(id), loaded.filter(id));
    ASSERT_EQ(original.is_group(id), loaded.is_group(id)) << i;
    ASSERT_EQ(original.is_polygon(id), loaded.is_polygon(id)) << i;
    if (original.is_polygon(id)) {
      EXPECT_EQ(original.polygon(id).vertices(), loaded.polygon(id).vertices()) << i;
      continue;
    }
    Scene<T> one;
    one.add_group(original.parts(id));
    Scene<T> other;
    other.add_group(loaded.parts(id));
    EXPECT_TRUE(one.save() == other.save()) << "shape or parts of id " << i << " differ";
  }
  expect_same_answers(original, loaded, seed + 1);
  // Ids and the shapes as given to move carry on as in the saved scene.
  ShapeSource<T> more(Layout::uniform, 50, seed + 2);
  for (int i = 0; i < 60; ++i) {
    const Shape<T> s = more.shape();
    EXPECT_EQ(original.add(s), loaded.add(s));
  }
  for (std::uint32_t i = 0; i < 400; i += 3) {
    if (!original.has(ShapeId{i})) continue;
    const Transform<T> t{{T(3), T(-2)}, Rot<T>{T(0), T(-1)}};
    original.move(ShapeId{i}, t);
    loaded.move(ShapeId{i}, t);
  }
  EXPECT_TRUE(original.save() == loaded.save());
  expect_same_answers(original, loaded, seed + 3);
  std::stringstream stream;
  original.save(stream);
  Scene<T> from_stream = Scene<T>::load(stream);
  EXPECT_TRUE(from_stream.save() == original.save());
}

TEST(SceneFile, RoundTripsEveryIndexBothScalars) {
  const IndexChoice choices[] = {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic,
                                 IndexChoice::grid};
  std::uint32_t seed = 101;
  for (const IndexChoice choice : choices) {
    for (const bool queried : {false, true}) {
      round_trip<float>(choice, queried, seed++);
      round_trip<double>(choice, queried, seed++);
    }
  }
}

// The layout by hand: an empty float scene is the 32-byte header, the options (node size, margin,
// cell size: 12 bytes), the id count and free count (8), eight empty kinds, the empty group
// section and the empty simple polygon section (count, packed count, build cost: 12 each) and no
// shapes as given to move (4): 176 bytes. One float circle with user
// data 7: one id (its user data, 8 bytes), the circle's kind gets its id (4) and 3 floats (12).
TEST(SceneFile, LayoutByHand) {
  Scene<float> empty;
  const Bytes e = empty.save();
  ASSERT_EQ(e.size(), 176u);
  EXPECT_EQ(std::memcmp(e.data(), "C2DSCENE", 8), 0);
  EXPECT_EQ(peek<std::uint32_t>(e, 8), 4u);
  EXPECT_EQ(e[12], 4);  // float
  EXPECT_EQ(e[13], 0);  // automatic
  EXPECT_EQ(peek<std::uint64_t>(e, 16), 144u);
  EXPECT_EQ(peek<std::uint64_t>(e, 24), doc_checksum(e));
  EXPECT_EQ(peek<std::uint32_t>(e, 32), 16u);  // node size
  EXPECT_EQ(Scene<double>().save().size(), 32u + 20 + 8 + 10 * 16 + 4);

  Scene<float> one;
  one.add(Circle<float>{{1.5f, -2.0f}, 0.25f}, 7);
  const Bytes f = one.save();
  ASSERT_EQ(f.size(), 176u + 8 + 4 + 12);
  EXPECT_EQ(peek<std::uint32_t>(f, 44), 1u);  // ids handed out
  EXPECT_EQ(peek<std::uint32_t>(f, 48), 0u);  // none free
  EXPECT_EQ(peek<std::uint64_t>(f, 52), 7u);  // user data of id 0
  // Point and segment sections (12 bytes each), then the circle's: count 1, packed 0, cost 0,
  // id 0, then cx, cy, radius.
  EXPECT_EQ(peek<std::uint32_t>(f, 84), 1u);
  EXPECT_EQ(peek<std::uint32_t>(f, 96), 0u);
  EXPECT_EQ(peek<float>(f, 100), 1.5f);
  EXPECT_EQ(peek<float>(f, 104), -2.0f);
  EXPECT_EQ(peek<float>(f, 108), 0.25f);
  Scene<float> back = Scene<float>::load(f);
  EXPECT_EQ(back.user_data(ShapeId{0}), 7u);
  EXPECT_EQ(back.hit_test({1.5f, -1.75f}), std::vector<ShapeId>{ShapeId{0}});
}

// A small file that has every section: z, filters, a free id, packed and unpacked shapes, a
// polygon and a shape as given to move.
Bytes small_file() {
  Scene<double> scene;
  const ShapeId a = scene.add(Circle<double>{{0, 0}, 1}, 11);
  const ShapeId b = scene.add(make_polygon<double>({{0, 0}, {2, 0}, {0, 2}}).value(), 12);
  scene.add(Obb<double>{{5, 5}, {1, 2}, Rot<double>{0, 1}}, 13);
  scene.set_z(a, 3);
  scene.set_filter(b, Filter{2, 5});
  scene.update();
  scene.add(Segment<double>{{1, 1}, {3, 4}}, 14);
  scene.remove(a);
  scene.move(b, Transform<double>{{1, 0}, Rot<double>{1, 0}});
  return scene.save();
}

TEST(SceneFile, EveryTruncationIsRefused) {
  const Bytes f = small_file();
  ASSERT_NO_THROW((void)Scene<double>::load(f));
  for (std::size_t size = 0; size < f.size(); ++size) {
    const std::string error = load_error<double>(f, size);
    ASSERT_NE(error, "") << "a file cut to " << size << " bytes loaded";
    ASSERT_NE(error.find("byte"), std::string::npos) << error;
  }
  Bytes longer = f;
  longer.push_back(0);
  EXPECT_NE(load_error<double>(longer, longer.size()).find("too long"), std::string::npos);
}

// The checksum covers every byte but its own, and any change of one word changes it: so every
// single-byte change is refused, never loaded as another scene.
TEST(SceneFile, EverySingleByteCorruptionIsRefused) {
  const Bytes f = small_file();
  for (std::size_t at = 0; at < f.size(); ++at) {
    for (const std::uint8_t flip : {std::uint8_t(0x01), std::uint8_t(0x80), std::uint8_t(0xFF)}) {
      Bytes bad = f;
      bad[at] ^= flip;
      ASSERT_NE(load_error<double>(bad, bad.size()), "") << "byte " << at << " ^ " << int(flip);
    }
  }
}

// The file with `value` written at `at` and the checksum set right, refused with `expected` in the
// message.
template <class T, class V>
void expect_refused(const Bytes& f, std::size_t at, V value, const std::string& expected) {
  Bytes bad = f;
  poke(bad, at, value);
  reseal(bad);
  const std::string error = load_error<T>(bad, bad.size());
  EXPECT_NE(error.find(expected), std::string::npos) << "at " << at << ": " << error;
}

// Hostile values behind a valid checksum: each is refused by name, without a huge allocation.
TEST(SceneFile, HostileValuesAreRefusedByName) {
  const Bytes f = small_file();
  auto refused = [&](std::size_t at, auto value, const char* expected) {
    expect_refused<double>(f, at, value, expected);
  };
  // Payload: node size at 32, margins at 36 and 44, id count at 52, free count at 56.
  refused(32, std::uint32_t(1), "node size 1");
  refused(36, std::numeric_limits<double>::quiet_NaN(), "dynamic margin");
  refused(52, std::uint32_t(0xFFFFFFFF), "id count 4294967295");
  refused(52, std::uint32_t(100000000), "truncated");  // 800 MB of user data: not allocated
  refused(56, std::uint32_t(0xFFFFFFFF), "free ids");
  refused(60, std::uint32_t(7), "free id 7 out of range");
  refused(60, std::uint32_t(3), "user data of free id 3 not 0");  // id 3 is live
  // Id table: 4 ids, 1 free (4 bytes), user data 32 bytes: the point kind starts at 96.
  refused(96, std::uint32_t(0x7FFFFFFF), "point count");
  refused(100, std::uint32_t(1), "packed count 1 of 0");
  // A count whose ids, z and filters (16 bytes each) just fit after the count, but not after the
  // packed count and build cost that come first (fuzz_scene_load found the read past the end).
  refused(96, std::uint32_t((f.size() - 100) / 16), "truncated");
  refused(24 + 8, std::uint32_t(300), "node size 300");
  // The scalar type is checked before anything else in the payload.
  EXPECT_NE(load_error<float>(f, f.size()).find("double scalars"), std::string::npos);
  Bytes wrong_version = f;
  poke(wrong_version, 8, std::uint32_t(5));
  reseal(wrong_version);
  EXPECT_NE(load_error<double>(wrong_version, f.size()).find("version 5"), std::string::npos);
  poke(wrong_version, 8, std::uint32_t(0));
  reseal(wrong_version);
  EXPECT_NE(load_error<double>(wrong_version, f.size()).find("version 0"), std::string::npos);
}

// A shape no Scene accepts, behind a valid checksum, is refused with the builder's reason.
TEST(SceneFile, InvalidShapesAreRefusedWithTheReason) {
  Scene<float> scene;
  scene.add(Circle<float>{{0, 0}, 1});
  Bytes f = scene.save();
  // Circle section: after the header (32), options (12), ids (8 + 8 user data), point and
  // segment sections (12 each): count, packed, cost (12), id (4), cx, cy, radius.
  const std::size_t radius = 32 + 12 + 16 + 24 + 16 + 8;
  ASSERT_EQ(peek<float>(f, radius), 1.0f);
  poke(f, radius, -1.0f);
  reseal(f);
  const std::string error = load_error<float>(f, f.size());
  EXPECT_NE(error.find("circle shapes: shape 0 is invalid"), std::string::npos) << error;
  EXPECT_NE(error.find("-1"), std::string::npos) << error;
  poke(f, radius, std::numeric_limits<float>::infinity());
  reseal(f);
  EXPECT_NE(load_error<float>(f, f.size()).find("circle"), std::string::npos);
}

// A float scene of one group, user data 9: an aabb [0,2]x[0,1] and a circle at (5, 5) of radius 1.
// The eight empty kinds end at byte 32 + 12 + 8 + 8 + 8 * 12 = 156; the group section: count 1,
// packed 0, cost 0 (156 to 168), id 0 (168), then the group: part count 2 (172), kinds 4 and 2
// (176), the aabb's 4 floats (178), the circle's 3 (194), no parts as given to move (206); then no
// simple polygons (210: count, packed count, cost) and no shapes as given to move (222): 226 bytes.
Bytes group_file() {
  Scene<float> scene;
  const std::vector<Shape<float>> parts{Aabb<float>{{0, 0}, {2, 1}}, Circle<float>{{5, 5}, 1}};
  scene.add_group(parts, 9);
  return scene.save();
}

TEST(SceneFile, GroupLayoutByHand) {
  const Bytes f = group_file();
  ASSERT_EQ(f.size(), 226u);
  EXPECT_EQ(peek<std::uint32_t>(f, 156), 1u);
  EXPECT_EQ(peek<std::uint32_t>(f, 168), 0u);  // the id
  EXPECT_EQ(peek<std::uint32_t>(f, 172), 2u);  // parts
  EXPECT_EQ(f[176], 4);                        // aabb
  EXPECT_EQ(f[177], 2);                        // circle
  EXPECT_EQ(peek<float>(f, 178 + 8), 2.0f);    // the aabb's max x
  EXPECT_EQ(peek<float>(f, 194 + 8), 1.0f);    // the circle's radius
  EXPECT_EQ(peek<std::uint32_t>(f, 206), 0u);
  Scene<float> back = Scene<float>::load(f);
  EXPECT_TRUE(back.is_group(ShapeId{0}));
  EXPECT_EQ(back.user_data(ShapeId{0}), 9u);
  EXPECT_EQ(back.hit_test({5, 5.5f}), std::vector<ShapeId>{ShapeId{0}});
  EXPECT_TRUE(back.hit_test({3, 3}).empty());
  // A moved group keeps its parts as given: a later move places them, in both scenes alike.
  Scene<float> moved = Scene<float>::load(f);
  moved.move(ShapeId{0}, Transform<float>{{10, 0}, Rot<float>{0, 1}});
  Scene<float> again = Scene<float>::load(moved.save());
  EXPECT_TRUE(again.save() == moved.save());
  moved.move(ShapeId{0}, Transform<float>{{1, 1}, Rot<float>::identity()});
  again.move(ShapeId{0}, Transform<float>{{1, 1}, Rot<float>::identity()});
  EXPECT_TRUE(again.save() == moved.save());
  EXPECT_EQ(again.hit_test({6, 6}), std::vector<ShapeId>{ShapeId{0}});
}

TEST(SceneFile, HostileGroupRecordsAreRefusedByName) {
  const Bytes f = group_file();
  ASSERT_NO_THROW((void)Scene<float>::load(f));
  for (std::size_t size = 0; size < f.size(); ++size)
    ASSERT_NE(load_error<float>(f, size), "") << "a file cut to " << size << " bytes loaded";
  auto refused = [&](std::size_t at, auto value, const char* expected) {
    expect_refused<float>(f, at, value, expected);
  };
  refused(156, std::uint32_t(0x7FFFFFFF), "group count");
  refused(160, std::uint32_t(2), "group packed count 2 of 1");
  refused(168, std::uint32_t(1), "id 1 out of range");
  refused(172, std::uint32_t(0), "group 0 has no parts");
  refused(172, std::uint32_t(0xFFFFFFFF), "group 0 parts count");  // past the end
  refused(172, std::uint32_t(3), "group 0 parts");  // one part more than stored: misread
  refused(176, std::uint8_t(8), "kind 8");          // a group as a part
  refused(177, std::uint8_t(200), "kind 200");
  refused(194 + 8, -1.0f, "group 0 parts [1]: shape 0 is invalid");  // a negative radius
  // One part as given to move, its kind and shape read from the bytes of the sections after it.
  refused(206, std::uint32_t(1), "2 parts and 1 parts as given to move");
  refused(206, std::uint32_t(0xFFFFFFFF), "parts as given to move count");
  // Parts as given to move, one fewer than the parts: refused by name.
  Scene<float> scene = Scene<float>::load(f);
  scene.move(ShapeId{0}, Transform<float>{{1, 0}, Rot<float>::identity()});
  Bytes g = scene.save();
  // The given list follows the parts (206): count 2 (206), kinds 4 and 2 (210), the aabb, circle.
  ASSERT_EQ(peek<std::uint32_t>(g, 206), 2u);
  poke(g, 206, std::uint32_t(1));
  poke(g, 210, std::uint8_t(4));
  poke(g, 211, std::uint8_t(0));  // a point: the aabb's first two floats; the rest is left over
  reseal(g);
  EXPECT_NE(load_error<float>(g, g.size()), "");
}

// Version 1 (no group section), version 2 (no rounded polygon section) and version 3 (no simple
// polygon section) files still load, and save as version 4.
TEST(SceneFile, VersionsOneToThreeLoad) {
  Scene<float> scene;
  scene.add(Circle<float>{{1.5f, -2.0f}, 0.25f}, 7);
  const Bytes v4 = scene.save();
  // After the seven kinds of versions 1 and 2 (at 160), the rounded polygon section, the group
  // section and the simple polygon section: 12 bytes each (count, packed count, cost).
  ASSERT_EQ(peek<std::uint32_t>(v4, 160), 0u);
  ASSERT_EQ(peek<std::uint32_t>(v4, 172), 0u);
  ASSERT_EQ(peek<std::uint32_t>(v4, 184), 0u);
  Bytes v3 = v4;
  v3.erase(v3.begin() + 184, v3.begin() + 196);
  poke(v3, 8, std::uint32_t(3));
  reseal(v3);
  Bytes v2 = v4;
  v2.erase(v2.begin() + 184, v2.begin() + 196);
  v2.erase(v2.begin() + 160, v2.begin() + 172);
  poke(v2, 8, std::uint32_t(2));
  reseal(v2);
  Bytes v1 = v4;
  v1.erase(v1.begin() + 160, v1.begin() + 196);
  poke(v1, 8, std::uint32_t(1));
  reseal(v1);
  for (const Bytes* old : {&v1, &v2, &v3}) {
    Scene<float> back = Scene<float>::load(*old);
    EXPECT_TRUE(back.save() == v4);  // before a query builds the index
    EXPECT_EQ(back.hit_test({1.5f, -1.75f}), std::vector<ShapeId>{ShapeId{0}});
  }
  // A file without the sections its version has is truncated.
  for (const auto& [bytes, version] : {std::pair{v1, 2u}, std::pair{v2, 3u}, std::pair{v3, 4u}}) {
    Bytes cut = bytes;
    poke(cut, 8, std::uint32_t(version));
    reseal(cut);
    EXPECT_NE(load_error<float>(cut, cut.size()), "") << "version " << version;
  }
}

// A float scene of one rounded box, user data 3: the core [0, 2]^2 with radius 0.5. The seven kinds
// before it end at 32 + 12 + 8 + 8 + 7 * 12 = 144; its section: count 1, packed 0, cost 0 (144 to
// 156), id 0 (156), the core's vertex count 4 (160), its 8 vertex floats (161), 8 normal floats
// (193), the radius (225); then the empty group section (229), the empty simple polygon section
// (241) and no shapes as given to move (253): 257 bytes.
Bytes rounded_file() {
  Scene<float> scene;
  scene.add(make_rounded_box<float>({1, 1}, 2, 2, Rot<float>::identity(), 0.5f).value(), 3);
  return scene.save();
}

TEST(SceneFile, RoundedPolygonLayoutByHand) {
  const Bytes f = rounded_file();
  ASSERT_EQ(f.size(), 257u);
  EXPECT_EQ(peek<std::uint32_t>(f, 144), 1u);
  EXPECT_EQ(peek<std::uint32_t>(f, 156), 0u);  // the id
  EXPECT_EQ(f[160], 4);                        // core vertex count
  EXPECT_EQ(peek<float>(f, 161), 0.0f);        // first vertex (0, 0)
  EXPECT_EQ(peek<float>(f, 161 + 8), 2.0f);    // second (2, 0)
  EXPECT_EQ(peek<float>(f, 193 + 4), -1.0f);   // first normal (0, -1)
  EXPECT_EQ(peek<float>(f, 225), 0.5f);        // radius
  EXPECT_EQ(peek<std::uint32_t>(f, 229), 0u);  // no groups
  Scene<float> back = Scene<float>::load(f);
  EXPECT_EQ(back.user_data(ShapeId{0}), 3u);
  EXPECT_EQ(kind_of(back.shape(ShapeId{0})), ShapeKind::rounded_polygon);
  EXPECT_EQ(back.hit_test({2.25f, 2.25f}), std::vector<ShapeId>{ShapeId{0}});  // in the arc
  EXPECT_TRUE(back.hit_test({2.4f, 2.4f}).empty());  // past the arc, inside the box
  // Moved: the shape as given is kept (kind 7 in that list), and reloads to the same bytes.
  back.move(ShapeId{0}, Transform<float>{{10, 0}, Rot<float>{0, 1}});
  const Bytes moved = back.save();
  ASSERT_EQ(moved.size(), 257u + 4 + 1 + 1 + 16 * 4 + 4);
  EXPECT_EQ(peek<std::uint32_t>(moved, 253), 1u);  // one shape as given to move
  EXPECT_EQ(moved[261], 7);                        // its kind
  EXPECT_TRUE(Scene<float>::load(moved).save() == moved);
  EXPECT_EQ(back.hit_test({9.0f, 1.0f}), std::vector<ShapeId>{ShapeId{0}});

  for (std::size_t size = 0; size < f.size(); ++size)
    ASSERT_NE(load_error<float>(f, size), "") << "a file cut to " << size << " bytes loaded";
  auto refused = [&](std::size_t at, auto value, const char* expected) {
    expect_refused<float>(f, at, value, expected);
  };
  refused(160, std::uint8_t(2), "rounded polygon 0 has 2 vertices");
  refused(160, std::uint8_t(9), "rounded polygon 0 has 9 vertices");
  refused(160, std::uint8_t(8), "truncated");
  refused(225, -1.0f, "rounded_polygon shapes: shape 0 is invalid: rounded polygon radius is -1");
  refused(225, std::numeric_limits<float>::infinity(), "rounded polygon radius");
  refused(161 + 8, 1.0f, "rounded_polygon shapes: shape 0 is invalid");  // normals now wrong
  refused(253, std::uint32_t(1), "truncated");
  // The shape as given to move with a kind past the last.
  Bytes bad = moved;
  poke(bad, 261, std::uint8_t(8));
  reseal(bad);
  EXPECT_NE(load_error<float>(bad, bad.size()).find("kind 8, must be 0 to 7"), std::string::npos)
      << load_error<float>(bad, bad.size());
}

// A float scene of one simple polygon, user data 5: the L (0,0) (2,0) (2,1) (1,1) (1,2) (0,2). The
// eight empty kinds end at 156, the empty group section at 168; the simple polygon section: count
// 1, packed 0, cost 0 (168 to 180), id 0 (180), the vertex count 6 (184), 12 vertex floats (188),
// no polygon as given to move (236: count 0); then no shapes as given to move (240): 244 bytes.
Polygon<float> l_polygon() {
  return make_simple_polygon<float>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}).value();
}
Bytes simple_polygon_file() {
  Scene<float> scene;
  scene.add(l_polygon(), 5);
  return scene.save();
}

TEST(SceneFile, SimplePolygonLayoutByHand) {
  const Bytes f = simple_polygon_file();
  ASSERT_EQ(f.size(), 244u);
  EXPECT_EQ(peek<std::uint32_t>(f, 168), 1u);
  EXPECT_EQ(peek<std::uint32_t>(f, 180), 0u);  // the id
  EXPECT_EQ(peek<std::uint32_t>(f, 184), 6u);  // vertices
  EXPECT_EQ(peek<float>(f, 188 + 8), 2.0f);    // second vertex (2, 0)
  EXPECT_EQ(peek<float>(f, 188 + 36), 2.0f);   // fifth vertex (1, 2)
  EXPECT_EQ(peek<std::uint32_t>(f, 236), 0u);
  Scene<float> back = Scene<float>::load(f);
  EXPECT_TRUE(back.is_polygon(ShapeId{0}));
  EXPECT_EQ(back.user_data(ShapeId{0}), 5u);
  EXPECT_EQ(back.polygon(ShapeId{0}).vertices(), l_polygon().vertices());
  EXPECT_EQ(back.hit_test({0.5f, 1.5f}), std::vector<ShapeId>{ShapeId{0}});
  EXPECT_TRUE(back.hit_test({1.5f, 1.5f}).empty());  // the notch
  // Moved: the polygon as given follows it, and a later move places it, in both scenes alike.
  back.move(ShapeId{0}, Transform<float>{{10, 0}, Rot<float>{0, 1}});
  const Bytes moved = back.save();
  ASSERT_EQ(moved.size(), 244u + 12 * 4);
  EXPECT_EQ(peek<std::uint32_t>(moved, 236), 6u);
  Scene<float> again = Scene<float>::load(moved);
  EXPECT_TRUE(again.save() == moved);
  again.move(ShapeId{0}, Transform<float>{{1, 1}, Rot<float>::identity()});
  back.move(ShapeId{0}, Transform<float>{{1, 1}, Rot<float>::identity()});
  EXPECT_TRUE(again.save() == back.save());
  EXPECT_EQ(again.hit_test({1.5f, 2.5f}), std::vector<ShapeId>{ShapeId{0}});

  for (std::size_t size = 0; size < f.size(); ++size)
    ASSERT_NE(load_error<float>(f, size), "") << "a file cut to " << size << " bytes loaded";
  for (std::size_t at = 32; at < f.size(); ++at) {
    Bytes bad = f;
    bad[at] ^= 0x80;
    ASSERT_NE(load_error<float>(bad, bad.size()), "") << "byte " << at;
  }
  auto refused = [&](std::size_t at, auto value, const char* expected) {
    expect_refused<float>(f, at, value, expected);
  };
  refused(168, std::uint32_t(0x7FFFFFFF), "simple_polygon count");
  refused(184, std::uint32_t(0xFFFFFFFF), "polygon 0 vertex count");
  refused(184, std::uint32_t(2), "at least 3 vertices, got 2");
  refused(188 + 8, 0.0f, "simple_polygon shapes: polygon 0 is invalid: make_simple_polygon");
  refused(188 + 8, std::numeric_limits<float>::quiet_NaN(), "is not finite");
  refused(188 + 16, -1.0f, "polygon 0 is invalid");  // (2, 1) -> (-1, 1): edges cross
  refused(236, std::uint32_t(1), "truncated");
  // A shape as given to move under the polygon's id: refused by name. The scene: the L (id 0) and
  // a moved circle (id 1), whose shape as given ends the file: count, id, kind, 3 floats.
  Scene<float> two;
  two.add(l_polygon());
  two.add(Circle<float>{{0, 0}, 1});
  two.move(ShapeId{1}, Transform<float>{{1, 0}, Rot<float>::identity()});
  const Bytes g = two.save();
  ASSERT_EQ(peek<std::uint32_t>(g, g.size() - 21), 1u);
  ASSERT_EQ(peek<std::uint32_t>(g, g.size() - 17), 1u);
  expect_refused<float>(g, g.size() - 17, std::uint32_t(0), "id 0 is a simple polygon");
}

// The seed corpus of fuzz/fuzz_scene_load: a few small saved scenes of both scalar types, each
// behind the target's mode byte (bit 0: double; bit 1: reseal, set so that mutations get past the
// checksum). Written only when COLLIDE2D_WRITE_SCENE_CORPUS names a folder:
//   COLLIDE2D_WRITE_SCENE_CORPUS=fuzz/corpus/fuzz_scene_load
//   build/dev/tests/scene/collide2d_scene_tests --gtest_filter=SceneFile.WritesTheFuzzCorpus
template <class T>
void write_corpus_file(const std::string& folder, const std::string& name, const Scene<T>& scene) {
  const Bytes f = scene.save();
  std::ofstream out(folder + "/" + name, std::ios::binary);
  const char mode = char((sizeof(T) == 8 ? 1 : 0) | 2);
  out.write(&mode, 1);
  out.write(reinterpret_cast<const char*>(f.data()), std::streamsize(f.size()));
}

TEST(SceneFile, WritesTheFuzzCorpus) {
  const char* folder = std::getenv("COLLIDE2D_WRITE_SCENE_CORPUS");
  if (folder == nullptr) GTEST_SKIP() << "COLLIDE2D_WRITE_SCENE_CORPUS not set";
  write_corpus_file(folder, "empty_float", Scene<float>());
  const Bytes small = small_file();
  write_corpus_file(folder, "small_double", Scene<double>::load(small));
  write_corpus_file(folder, "group_float", Scene<float>::load(group_file()));
  write_corpus_file(folder, "rounded_float", Scene<float>::load(rounded_file()));
  write_corpus_file(folder, "simple_polygon_float", Scene<float>::load(simple_polygon_file()));
  const IndexChoice choices[] = {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic,
                                 IndexChoice::grid};
  for (const IndexChoice choice : choices) {
    SceneOptions<float> f;
    f.index = choice;
    f.node_size = 4;
    SceneOptions<double> d;
    d.index = choice;
    d.node_size = 3;
    const std::string n = std::to_string(int(choice));
    write_corpus_file(folder, "varied_float_" + n,
                      varied_scene<float>(f, 24, 7 + int(choice), true));
    write_corpus_file(folder, "varied_double_" + n,
                      varied_scene<double>(d, 16, 9, choice != IndexChoice::packed));
  }
}

}  // namespace
}  // namespace c2s
