import Foundation
import TreeRows

extension TreeFile {
    /// What a `.trows` file says about itself, read from its first bytes only.
    public struct Header: Sendable {
        /// The number of nodes.
        public var nodeCount: Int
        /// The metadata object (source, license, description, …).
        public var metadata: JSONValue
    }

    /// Reads the node count and metadata of the `.trows` file at `path` without reading
    /// the nodes (and without verifying the checksum, which covers the whole file).
    ///
    /// - Returns: `nil` if the file cannot be read or is not a version-1 `.trows` file.
    public static func header(atPath path: String) -> Header? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard var bytes = try? handle.read(upToCount: 1 << 16).map(Array.init) else { return nil }
        var reader = ByteReader(bytes, offset: 10)
        guard hasMagic(bytes), bytes.count > 10, bytes[8] == version, let count = reader.varint(),
              let length = reader.varint() else { return nil }
        // Large metadata: read on to its end.
        let end = reader.offset + Int(clamping: length)
        if end > bytes.count {
            guard let rest = try? handle.read(upToCount: end - bytes.count), rest.count == end - bytes.count else { return nil }
            bytes += rest
            reader = ByteReader(bytes, offset: reader.offset)
        }
        guard let metadataBytes = reader.take(Int(clamping: length)),
              let metadata = try? JSONParser.parse(metadataBytes) else { return nil }
        return Header(nodeCount: Int(count), metadata: metadata)
    }
}
