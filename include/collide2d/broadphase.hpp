// collide2d/broadphase.hpp - indexes that find which of many boxes may meet a query, before the
// exact tests of the narrow phase decide.
//
//   index            for                                      build            change
//   DynamicTree      objects that are added, moved, removed   insert, O(log n) each   move, remove
//   PackedTree       many boxes, queried far more than moved  bulk, O(n)       set_box + refit
//   UniformGrid      many similar-sized objects that all move  bulk, O(n)       rebuild
//   BruteForceIndex  the reference for tests; a few dozen boxes
//
// All answer the same queries on boxes (closed: touching counts), with the conventions of
// broadphase/common.hpp: boxes overlapping a box (a callback that can stop early, or appended to a
// vector), a ray's boxes in order of entry (so a closest-hit search stops early), and every
// overlapping pair once, in an order fixed by the index's contents. Scene (scene.hpp) puts them to
// work on shapes, with exact answers.
#pragma once

#include "collide2d/broadphase/brute_force.hpp"
#include "collide2d/broadphase/common.hpp"
#include "collide2d/broadphase/dynamic_tree.hpp"
#include "collide2d/broadphase/hilbert.hpp"
#include "collide2d/broadphase/packed_tree.hpp"
#include "collide2d/broadphase/uniform_grid.hpp"
