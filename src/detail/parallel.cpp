#include "detail/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace collide2d::detail {

unsigned resolve_thread_count(unsigned thread_count) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  // WebAssembly without threads: every thread count runs on the calling thread (the chunks are
  // fixed by their size, so the answer is the same), instead of failing to start a thread.
  (void)thread_count;
  return 1;
#else
  return thread_count != 0 ? thread_count : std::max(1u, std::thread::hardware_concurrency());
#endif
}

void for_each_chunk(std::size_t count, std::size_t chunk, unsigned thread_count,
                    const std::function<void(std::size_t, std::size_t)>& work) {
  if (count == 0) return;
  const std::size_t chunks = (count + chunk - 1) / chunk;
  const std::size_t threads = std::min<std::size_t>(resolve_thread_count(thread_count), chunks);
  // Threads take the next chunk from a shared counter: on a loaded machine a slow thread simply
  // does fewer chunks.
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto worker = [&] {
    try {
      for (std::size_t c = next.fetch_add(1); c < chunks; c = next.fetch_add(1)) {
        work(c * chunk, std::min(count, (c + 1) * chunk));
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(chunks);  // the other threads take no new chunk
    }
  };
  std::vector<std::thread> helpers;
  helpers.reserve(threads - 1);
  try {
    for (std::size_t t = 1; t < threads; ++t)
      helpers.emplace_back(worker);
  } catch (const std::system_error&) {
    // No more threads to be had: the ones started and this one do all the chunks.
  }
  worker();
  for (std::thread& helper : helpers)
    helper.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace collide2d::detail
