// A CSV scene file read on two threads (piece_pipeline.hpp). The file is cut into pieces of whole
// lines; each thread takes the next piece, reads its lines (csv_lines.hpp) and checks each shape as
// Scene::add would (CheckedShape), plain lines in one pass (csv_plain_line.hpp), and the calling
// thread hands the pieces' shapes to the sink strictly in file order.
//
// Messages are those of the single-thread reader, byte for byte: a piece stops at its first bad
// line, and when its turn comes its shapes before that line go to the sink (where a duplicate id
// is found, as it would be, in file order) and then the bad line is read again by the same
// LineReader with its line number in the file, which throws the same error. A piece does not
// know its first line number while it is parsed; it counts its lines, and the numbers are added up
// in file order.
#include <exception>
#include <span>
#include <string>
#include <vector>

#include "scene_io/csv_lines.hpp"
#include "scene_io/csv_plain_line.hpp"
#include "scene_io/piece_pipeline.hpp"
#include "scene_io/scene_files.hpp"

namespace collide2d::tools {
namespace {

using csv::LineReader;
using csv::LineScratch;

struct PieceShape {
  std::string_view id;  // into the piece's text
  std::size_t line;     // within the piece, from 1
  std::int32_t z;
  std::uint32_t first_tag, tag_count;
  ReadShape shape;
};

struct LinesPiece {
  std::size_t number = 0;  // in the file, from 0
  double fraction = 0;     // of the file read once this piece was
  std::string text;        // whole lines (the last piece's last may lack its newline)
  std::vector<PieceShape> shapes;
  std::vector<std::string_view> tags;
  std::size_t lines = 0;  // lines in text
  // The first bad line (its number within the piece, 0 for none) and its text.
  std::size_t bad_line = 0;
  std::string_view bad_text;
  std::exception_ptr failure;  // anything else (a read error, no memory)

  void clear() {
    shapes.clear();
    tags.clear();
    lines = 0;
    bad_line = 0;
    bad_text = {};
    failure = nullptr;
  }
};

// One shape line into the piece: a plain line read in one pass, any other by the general reader
// (which throws InputError on a bad one); checked for the Scene.
void add_line(LinesPiece& piece, std::string_view content, std::size_t line,
              const LineReader& reader, LineScratch& scratch) {
  csv::ParsedLine parsed;
  if (csv::read_plain_line(content, scratch, parsed)) {
    scratch.tags.clear();
  } else {
    parsed = reader.parse(content, scratch);
  }
  const auto first_tag = static_cast<std::uint32_t>(piece.tags.size());
  piece.tags.insert(piece.tags.end(), scratch.tags.begin(), scratch.tags.end());
  piece.shapes.push_back({parsed.id, line, parsed.z, first_tag,
                          static_cast<std::uint32_t>(scratch.tags.size()),
                          ReadShape(parsed.shape)});
}

// Reads the lines of piece.text into piece.shapes, up to the first bad one.
void parse_piece(LinesPiece& piece, const std::string& name, LineScratch& scratch) {
  std::size_t lines = 0;
  const bool whole =
      csv::for_each_line(piece.text, lines, [&](std::string_view content, std::size_t line) {
        // The header is skipped as line 1 of the file only: the first line of a later piece is not.
        if (!csv::is_shape_line(content, piece.number == 0 ? line : 0)) return true;
        try {
          add_line(piece, content, line, LineReader(name, line), scratch);
        } catch (const InputError&) {
          piece.bad_line = line;
          piece.bad_text = content;
          return false;
        }
        return true;
      });
  if (whole) piece.lines = lines;
}

// The CSV side of the pipeline (piece_pipeline.hpp): pieces of whole lines.
class CsvPieces {
 public:
  using Piece = LinesPiece;

  CsvPieces(FileChunks& file, const std::string& name, SceneSink& sink,
            const ReadProgress& progress, const CsvReadOptions& options)
      : file_(file), name_(name), sink_(sink), progress_(progress), options_(options) {}

  // The next whole lines of the file into piece.text; nothing at the end of the file. A read
  // error is kept in the piece, to be thrown in its turn.
  Filled fill(Piece& piece, std::size_t number) {
    piece.clear();
    piece.number = number;
    try {
      piece.text.assign(rest_);
      while (true) {
        if (!file_.read_more(piece.text, options_.piece_bytes)) break;  // the last line
        const std::size_t newline = piece.text.rfind('\n');
        if (newline == std::string::npos) continue;  // a line longer than a piece: read on
        rest_.assign(piece.text, newline + 1);
        piece.text.resize(newline + 1);
        piece.fraction = file_.fraction_read();
        return Filled::piece;
      }
      rest_.clear();
      piece.fraction = 1;
      if (piece.text.empty()) return Filled::nothing;
    } catch (...) {
      piece.failure = std::current_exception();
    }
    return Filled::last_piece;
  }

  void parse(Piece& piece) {
    if (piece.failure) return;
    try {
      parse_piece(piece, name_, scratch());
    } catch (...) {
      piece.failure = std::current_exception();
    }
  }

  // The piece's shapes to the sink in order, then its error if it has one.
  void hand_over(const Piece& piece) {
    for (std::size_t i = 0; i < piece.shapes.size(); ++i) {
      if (i + prefetch_distance < piece.shapes.size()) {
        sink_.expect(piece.shapes[i + prefetch_distance].id);
      }
      const PieceShape& shape = piece.shapes[i];
      const std::span<const std::string_view> tags(piece.tags.data() + shape.first_tag,
                                                   shape.tag_count);
      if (!sink_.add(shape.shape.record(shape.id, shape.z, tags))) {
        LineReader(name_, first_line_ + shape.line).duplicate(shape.id);
      }
    }
    if (piece.bad_line != 0) {
      // Read again where it stands in the file: the same error, with the file's line number.
      LineReader(name_, first_line_ + piece.bad_line).read(piece.bad_text, scratch(), sink_);
    }
    if (piece.failure) std::rethrow_exception(piece.failure);
    first_line_ += piece.lines;
    if (progress_) progress_(piece.fraction);
  }

 private:
  // Each thread's own buffers for the values of a line.
  static LineScratch& scratch() {
    thread_local LineScratch each;
    return each;
  }

  FileChunks& file_;
  const std::string& name_;
  SceneSink& sink_;
  const ReadProgress& progress_;
  const CsvReadOptions& options_;
  std::string rest_;            // the start of a line that the last piece read did not finish
  std::size_t first_line_ = 0;  // lines of the pieces handed over (the calling thread's)
};

}  // namespace

void read_csv_scene(FileChunks& file, const std::string& name, SceneSink& sink,
                    const ReadProgress& progress, const CsvReadOptions& options) {
  csv::with_one_line_errors([&] {
    CsvPieces pieces(file, name, sink, progress, options);
    PiecePipeline<CsvPieces>(pieces).run(options.threads);
  });
}

}  // namespace collide2d::tools
