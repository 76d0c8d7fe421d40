import CZlib

/// CRC-32 (IEEE 802.3, as zlib, gzip and PNG compute it).
package enum Checksum {
    /// The CRC-32 of `bytes`.
    ///
    /// - Complexity: O(*n*).
    package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc: UInt = CZlib.crc32(0, nil, 0)
            var start = buffer.baseAddress
            var remaining = buffer.count
            while remaining > 0 {
                let chunk = min(remaining, Int(UInt32.max / 2))
                crc = CZlib.crc32(crc, start, uInt(chunk))
                start = start! + chunk
                remaining -= chunk
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
