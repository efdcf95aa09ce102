// scene_io/piece_pipeline.hpp - a scene file read in pieces on two threads: each thread takes the
// next piece of the text and parses it, and the calling thread hands the parsed pieces to the
// sink strictly in file order. Parsing and checking run in parallel; the sink's part (ids, the
// Scene's storage) stays on one thread, in order, as a single-thread reader does it. The CSV and
// the fast JSON readers share it; what a piece is and how it is parsed is theirs.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>

namespace collide2d::tools {

enum class Filled { nothing, piece, last_piece };

// Reader provides:
//   using Piece = ...;                    default-constructible, reused from piece to piece
//   Filled fill(Piece&, std::size_t n);   the next text into piece n (n from 0), under the lock, so
//                                         one thread at a time; nothing at the end of the text
//   void parse(Piece&);                   on either thread, unlocked; must not throw (a piece
//                                         keeps its failure, to be reported in its turn)
//   void hand_over(Piece&);               on the calling thread, in file order; may throw
template <class Reader>
class PiecePipeline {
 public:
  explicit PiecePipeline(Reader& reader) : reader_(reader) {}

  // threads: 1 parses on the calling thread only, 2 adds a helper thread.
  void run(unsigned threads) {
    std::thread helper;
    if (threads >= 2) helper = std::thread([this] { work(false); });
    try {
      work(true);
    } catch (...) {
      stop(helper);
      throw;
    }
    stop(helper);
  }

 private:
  using Piece = typename Reader::Piece;
  enum class State { free, parsing, ready };
  struct Slot {
    State state = State::free;
    Piece piece;
  };
  static constexpr std::size_t slots = 4;  // pieces parsed ahead of the sink, at most

  void stop(std::thread& helper) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    if (helper.joinable()) helper.join();
  }

  // The loop of both threads: take the next piece and parse it; the calling thread (`owner`)
  // also hands every parsed piece to the sink, in order, as soon as it is its turn.
  void work(bool owner) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      Slot& next = slots_[handed_ % slots];
      if (owner && handed_ < taken_ && next.state == State::ready) {
        lock.unlock();
        reader_.hand_over(next.piece);
        lock.lock();
        next.state = State::free;
        ++handed_;
        changed_.notify_all();
        continue;
      }
      if (stopping_) return;
      Slot& free = slots_[taken_ % slots];
      if (!at_end_ && taken_ < handed_ + slots && free.state == State::free) {
        const Filled filled = reader_.fill(free.piece, taken_);
        if (filled != Filled::piece) at_end_ = true;
        if (filled == Filled::nothing) {
          changed_.notify_all();
          continue;
        }
        free.state = State::parsing;
        ++taken_;
        lock.unlock();
        reader_.parse(free.piece);
        lock.lock();
        free.state = State::ready;
        changed_.notify_all();
        continue;
      }
      if (at_end_ && (!owner || handed_ == taken_)) return;
      changed_.wait(lock);
    }
  }

  Reader& reader_;
  std::mutex mutex_;
  std::condition_variable changed_;
  Slot slots_[slots];
  std::size_t taken_ = 0;   // pieces read from the text
  std::size_t handed_ = 0;  // pieces handed to the sink
  bool at_end_ = false;     // the whole text is read
  bool stopping_ = false;   // the calling thread is done, or failed
};

}  // namespace collide2d::tools
