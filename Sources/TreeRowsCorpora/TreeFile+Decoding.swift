import TreeRows

extension TreeFile {
    /// Whether `bytes` start with the `.trows` magic number.
    public static func hasMagic(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// Reads a `.trows` file; `file` names it in errors.
    ///
    /// The checksum is verified before anything else is trusted; then every varint, parent
    /// reference and id is checked, so a damaged file gives an error with its byte offset,
    /// never a crash or a wrong tree.
    /// - Throws: ``CorpusError`` for a wrong magic number or version, a checksum mismatch,
    ///   truncation, an invalid parent reference, a duplicate id, or trailing bytes.
    /// - Complexity: O(*n*).
    public static func decode(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        func failure(_ offset: Int, _ problem: String, _ fix: String = "re-create the file with `treerows corpus import` or `treerows corpus generate`") -> CorpusError {
            CorpusError(file: file, byteOffset: offset, problem: problem, fix: fix)
        }
        guard hasMagic(bytes) else {
            throw failure(0, "not a TreeRows corpus file: wrong magic number \(CorpusLayout.hex(bytes.prefix(magic.count))),"
                              + " where a .trows file starts with \(CorpusLayout.hex(magic))",
                          "pass a .trows file, or a JSON Lines or CSV file (which are recognized by their content)")
        }
        guard bytes.count >= magic.count + 2 + 4 else { throw failure(bytes.count, "file is truncated") }
        guard bytes[8] == version else {
            // Versions count up from 1: one below is damage, one above a newer writer.
            guard bytes[8] > version else {
                throw failure(8, "format version \(bytes[8]), which no treerows writes (this one writes and reads version \(version)): the file is damaged",
                              "re-create the file (treerows corpus import or generate)")
            }
            throw failure(8, "unsupported format version \(bytes[8]) (this treerows reads version \(version))",
                          "use a treerows that reads version \(bytes[8]), or re-create the file with this one")
        }
        let stored = bytes[(bytes.count - 4)...].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        let computed = Checksum.crc32(bytes[..<(bytes.count - 4)])
        guard stored == computed else {
            throw failure(bytes.count - 4, "checksum mismatch (stored \(hex(stored)), computed \(hex(computed))): the file is damaged")
        }
        let flags = Flags(rawValue: bytes[9] & 0x0F)
        guard bytes[9] & 0xC8 == 0, let kind = IDKind(rawValue: bytes[9] >> 4) else {
            throw failure(9, "unknown flags \(hex(UInt32(bytes[9])))")
        }
        var reader = ByteReader(Array(bytes[..<(bytes.count - 4)]), offset: 10)
        guard let count64 = reader.varint() else { throw failure(10, reader.varintProblem("node count")) }
        guard count64 <= UInt64(SyntheticSpec.maximumNodes) else {
            throw failure(10, "node count \(count64) is more than the \(SyntheticSpec.maximumNodes) a tree may have")
        }
        let count = Int(count64)
        let metadataStart = reader.offset
        guard let metadataLength = reader.varint() else { throw failure(metadataStart, reader.varintProblem("metadata length")) }
        guard let metadataBytes = reader.take(Int(clamping: metadataLength)) else { throw failure(metadataStart, "truncated metadata") }
        let metadata: JSONValue
        do { metadata = try JSONParser.parse(metadataBytes) } catch {
            throw failure(metadataStart, "invalid metadata JSON: \(error.message)")
        }
        guard case .object = metadata else {
            throw failure(metadataStart, "the metadata is \(metadata.typeName), where a .trows file keeps a JSON object")
        }
        // Every node takes at least one byte: a corrupt count cannot make us reserve gigabytes.
        var tree = Tree(reservingCapacity: min(count, bytes.count))
        var previousInteger: Int64 = 0
        var previousTime: Int64 = 0
        for index in 0..<count {
            let nodeOffset = reader.offset
            guard let back = reader.varint() else { throw failure(nodeOffset, reader.varintProblem("parent of node \(index)")) }
            guard back <= UInt64(index) else {
                throw failure(nodeOffset, "node \(index) names a parent \(back) nodes back, before the first node")
            }
            let parent = back == 0 ? Tree.root : NodeIndex(Int32(index - Int(back)) + 1)
            var id: NodeID?
            switch kind {
            case .implicit: break
            case .integer, .mixed:
                var tag: UInt8 = 0
                if kind == .mixed {
                    guard let byte = reader.byte(), byte <= 1 else { throw failure(nodeOffset, "invalid id tag at node \(index)") }
                    tag = byte
                }
                if tag == 0 {
                    guard let delta = reader.varint() else { throw failure(nodeOffset, reader.varintProblem("id at node \(index)")) }
                    previousInteger = previousInteger &+ ZigZag.decode(delta)
                    id = .integer(previousInteger)
                } else {
                    id = try string(&reader, index, failure)
                }
            case .string:
                id = try string(&reader, index, failure)
            }
            var time: Int64?
            if flags.contains(.times) {
                guard let encoded = reader.varint() else { throw failure(nodeOffset, reader.varintProblem("time at node \(index)")) }
                if encoded > 0 {
                    let reference = parent == Tree.root ? previousTime : tree.time(of: parent) ?? previousTime
                    time = reference &+ ZigZag.decode(encoded - 1)
                    previousTime = time!
                }
            }
            var score: Int64?
            if flags.contains(.scores) {
                guard let encoded = reader.varint() else { throw failure(nodeOffset, reader.varintProblem("score at node \(index)")) }
                if encoded > 0 { score = ZigZag.decode(encoded - 1) }
            }
            guard time != .min && score != .min else { throw failure(nodeOffset, "reserved value Int64.min at node \(index)") }
            if let id {
                do { try tree.append(id, under: parent, time: time, score: score) } catch {
                    throw failure(nodeOffset, "node \(index): \(error)")
                }
            } else {
                tree.appendNext(under: parent, time: time, score: score)
            }
        }
        if flags.contains(.collapsed) {
            let bitmapOffset = reader.offset
            guard let bitmap = reader.take((count + 7) / 8) else { throw failure(bitmapOffset, "truncated collapsed-node bitmap") }
            for index in 0..<count where bitmap[bitmap.startIndex + index / 8] & (1 << UInt8(index % 8)) != 0 {
                tree.setExpanded(NodeIndex(Int32(index) + 1), false)
            }
            // The last byte's bits past the last node are 0, as the writer leaves them.
            if count % 8 != 0, let last = bitmap.last, last >> UInt8(count % 8) != 0 {
                throw failure(reader.offset - 1, "the collapsed-node bitmap sets bits past the last of the \(count) nodes")
            }
        }
        guard reader.isAtEnd else { throw failure(reader.offset, "unexpected bytes after the last node") }
        let pages = try CorpusPage.pages(in: metadata, tree: tree, file: file)
        return Corpus(tree: tree, header: metadata, file: file, pages: pages,
                      missingParents: try MissingParentRows.rows(in: metadata, tree: tree, pages: pages, file: file))
    }

    private static func string(
        _ reader: inout ByteReader, _ index: Int, _ failure: (Int, String, String) -> CorpusError
    ) throws(CorpusError) -> NodeID {
        let offset = reader.offset
        let fix = "re-create the file with `treerows corpus import` or `treerows corpus generate`"
        guard let length = reader.varint() else { throw failure(offset, reader.varintProblem("id length at node \(index)"), fix) }
        guard let bytes = reader.take(Int(clamping: length)) else {
            throw failure(offset, "truncated id at node \(index)", fix)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure(offset, "id of node \(index) is not valid UTF-8", fix)
        }
        return .string(text)
    }

    private static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }
}
