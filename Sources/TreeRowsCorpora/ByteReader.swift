/// Reads varints and fixed-width integers from a byte buffer, with byte offsets for errors.
struct ByteReader {
    let bytes: [UInt8]
    /// The offset of the next byte.
    var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or `nil` at the end.
    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Whether the last ``varint()`` gave `nil` for a value past 64 bits rather than for
    /// running out of bytes.
    private(set) var overflowed = false

    /// An unsigned LEB128 varint of at most 10 bytes, or `nil` if truncated or if its value
    /// does not fit 64 bits (a tenth byte above 1, or an eleventh byte): never truncated
    /// to its low bits.
    @inline(__always)
    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        overflowed = false
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if shift == 63 && byte > 1 {
                overflowed = true
                return nil
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// Why the last ``varint()`` gave `nil`, for a message: `truncated WHAT`, or `WHAT is a
    /// varint past 64 bits`.
    func varintProblem(_ what: String) -> String {
        overflowed ? "\(what) is a varint past 64 bits (the file is damaged)" : "truncated \(what)"
    }

    /// `count` bytes, or `nil` if fewer remain.
    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}

/// Appends varints and fixed-width integers to a byte buffer.
struct ByteWriter {
    var bytes: [UInt8] = []

    /// Appends an unsigned LEB128 varint.
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Appends a 32-bit little-endian integer.
    mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}

/// Zigzag encoding: small negative and positive numbers become small unsigned ones.
enum ZigZag {
    @inline(__always) static func encode(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    @inline(__always) static func decode(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
