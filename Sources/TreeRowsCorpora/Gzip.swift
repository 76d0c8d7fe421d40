import CZlib

/// Decompresses gzip data (one or more concatenated members) with zlib.
enum Gzip {
    /// Whether `bytes` start with the gzip magic number.
    static func hasMagic(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// The decompressed bytes.
    ///
    /// - Throws: ``CorpusError`` with the compressed byte offset for a corrupt or truncated
    ///   stream.
    /// - Complexity: O(*n*) in the decompressed size.
    static func decompress(_ bytes: [UInt8], file: String) throws(CorpusError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 4)
        var stream = z_stream()
        // 15 + 16: a gzip wrapper with the largest window.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CorpusError(file: file, problem: "zlib could not start", fix: "check the zlib installation")
        }
        defer { inflateEnd(&stream) }
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        var status: Int32 = Z_OK
        var consumed = 0
        var message = ""
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            chunk.withUnsafeMutableBufferPointer { buffer in
                while true {
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: buffer[0..<(buffer.count - Int(stream.avail_out))])
                    if status == Z_STREAM_END {
                        // Another member may follow (concatenated gzip files).
                        if stream.avail_in == 0 { break }
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
        switch status {
        case Z_STREAM_END: return output
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
