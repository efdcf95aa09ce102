// Private: a fixed split of work over threads, so that results never depend on the thread count.
#pragma once

#include <cstddef>
#include <functional>

namespace collide2d::detail {

// Calls work(first, last) for the chunks [0, chunk), [chunk, 2 chunk), ... of [0, count), each
// exactly once, on up to thread_count threads (0: std::thread::hardware_concurrency()), the
// calling thread included. The chunks are fixed by `chunk` alone, so as long as work writes only
// its own range, the result is the same for every thread count. Returns when all are done.
// An exception thrown by work (a user's predicate, bad_alloc) stops the chunks not yet started and
// is rethrown here, on the calling thread, once every thread has stopped; with several, the first.
// The threads `thread_count` asks for: itself, or hardware concurrency (at least 1) for 0.
unsigned resolve_thread_count(unsigned thread_count);

void for_each_chunk(std::size_t count, std::size_t chunk, unsigned thread_count,
                    const std::function<void(std::size_t, std::size_t)>& work);

}  // namespace collide2d::detail
