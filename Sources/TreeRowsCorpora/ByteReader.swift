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

    /// An unsigned LEB128 varint of at most 10 bytes, or `nil` if truncated or too long.
    @inline(__always)
    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
            if shift >= 64 { return nil }
        }
        return nil
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
