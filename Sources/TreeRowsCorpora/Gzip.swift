import CZlib

/// Decompresses gzip data (one or more concatenated members, optionally followed by zero
/// padding) with zlib, within a bound.
///
/// A gzip file may decompress to any size: 47 MB of deflated zeros inflate to 10 GB. The
/// decompressed size is therefore capped at ``limit(forCompressedSize:)``, and measured in
/// a first pass that keeps nothing, so a file over the cap costs no memory and one that
/// fits is inflated into a buffer of exactly its size.
enum Gzip {
    /// How many times its own size a gzip corpus may inflate to. Corpora compress 4 to 6
    /// times (the recorded forest's CSV 3.8, JSON Lines 5.7 to 6.4), so 32 leaves a wide margin.
    static let ratioLimit = 32
    /// The cap for small files, whatever their ratio: 64 MiB.
    static let minimumLimit = 64 << 20

    /// Whether `bytes` start with the gzip magic number.
    static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// The most bytes a gzip file of `count` bytes may decompress to:
    /// `max(minimumLimit, ratioLimit × count)`.
    static func limit(forCompressedSize count: Int) -> Int {
        let (scaled, overflow) = count.multipliedReportingOverflow(by: ratioLimit)
        return overflow ? .max : max(minimumLimit, scaled)
    }

    /// The decompressed bytes.
    ///
    /// - Throws: ``CorpusError`` with the compressed byte offset for a corrupt or truncated
    ///   stream, or for content larger than ``limit(forCompressedSize:)``.
    /// - Complexity: O(*n*) in the decompressed size, which is inflated twice (once to
    ///   measure it); memory is the input plus the output, nothing more.
    static func decompress(_ bytes: [UInt8], file: String) throws(CorpusError) -> [UInt8] {
        let limit = limit(forCompressedSize: bytes.count)
        var size = 0
        var over = false
        try inflating(bytes, file: file) { chunk in
            size += chunk.count
            over = size > limit
            return !over
        }
        if over {
            throw CorpusError(
                file: file,
                problem: "the gzip stream decompresses to more than \(limit) bytes, over \(ratioLimit) times its own"
                    + " \(bytes.count) bytes, where a corpus compresses 4 to 6 times: a decompression bomb or not a corpus",
                fix: "if the file is genuine, decompress it yourself (`gunzip -k FILE`) and pass the decompressed file")
        }
        var output: [UInt8] = []
        output.reserveCapacity(size)
        try inflating(bytes, file: file) { chunk in
            output.append(contentsOf: chunk)
            return true
        }
        return output
    }

    /// The first `count` decompressed bytes (fewer if the content is shorter), for
    /// recognizing the content before inflating all of it.
    ///
    /// - Throws: ``CorpusError`` for a stream that is corrupt before `count` bytes.
    /// - Complexity: O(`count`) plus one zlib buffer.
    static func prefix(_ count: Int, of bytes: [UInt8], file: String) throws(CorpusError) -> [UInt8] {
        var output: [UInt8] = []
        try inflating(bytes, file: file) { chunk in
            output.append(contentsOf: chunk.prefix(count - output.count))
            return output.count < count
        }
        return output
    }

    /// Inflates `bytes`, handing each decompressed chunk to `consume`, which returns whether
    /// to go on; stopping early is not an error.
    private static func inflating(
        _ bytes: [UInt8], file: String, _ consume: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(CorpusError) {
        var stream = z_stream()
        // 15 + 16: a gzip wrapper with the largest window.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CorpusError(file: file, problem: "zlib could not start", fix: "check the zlib installation")
        }
        defer { inflateEnd(&stream) }
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        var status: Int32 = Z_OK
        var stopped = false
        var consumed = 0
        var trailing = 0
        var message = ""
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            chunk.withUnsafeMutableBufferPointer { buffer in
                while true {
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    let produced = buffer.count - Int(stream.avail_out)
                    if produced > 0 && !consume(UnsafeBufferPointer(rebasing: buffer[0..<produced])) {
                        stopped = true
                        break
                    }
                    if status == Z_STREAM_END {
                        // Another member may follow (concatenated gzip files); zero bytes
                        // after the last member are padding (tapes, some archivers), which
                        // gzip ignores too; anything else is trailing data.
                        let rest = UnsafeBufferPointer(start: stream.next_in, count: Int(stream.avail_in))
                        if rest.allSatisfy({ $0 == 0 }) { break }
                        guard hasMagic(rest) else {
                            trailing = rest.count
                            break
                        }
                        guard inflateReset(&stream) == Z_OK else { break }
                        status = Z_OK
                        continue
                    }
                    if status != Z_OK {
                        if let text = stream.msg { message = String(cString: text) }
                        break
                    }
                    if stream.avail_in == 0 && stream.avail_out != 0 {
                        status = Z_BUF_ERROR  // input ended inside a member
                        break
                    }
                }
            }
            consumed = input.count - Int(stream.avail_in)
        }
        if stopped { return }
        if trailing > 0 {
            throw CorpusError(file: file, byteOffset: consumed,
                              problem: "\(trailing) bytes after the last gzip member are neither another member nor zero padding"
                                  + " (gzip -t accepts the file with the warning \"trailing garbage ignored\")",
                              fix: "pass the decompressed data (`gunzip -c FILE > thread.jsonl`), or cut the file at byte \(consumed)")
        }
        switch status {
        case Z_STREAM_END: return
        case Z_BUF_ERROR:
            throw CorpusError(file: file, byteOffset: consumed, problem: "truncated gzip stream (it ends early)",
                              fix: "copy or download the file again; `gzip -t FILE` checks it")
        default:
            throw CorpusError(file: file, byteOffset: consumed,
                              problem: "corrupt gzip stream" + (message.isEmpty ? "" : " (\(message))"),
                              fix: "copy or download the file again; `gzip -t FILE` checks it")
        }
    }
}
