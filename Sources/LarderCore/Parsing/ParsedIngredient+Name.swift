extension ParsedIngredient {
    /// Where the parsed name is written in the line (Unicode scalar offsets), looking from
    /// `offset` on. The parser cuts the name from the line, so it is there as written; nil when
    /// there is no name.
    public func nameRange(in scalars: [Unicode.Scalar], from offset: Int) -> Range<Int>? {
        guard let name, !name.isEmpty, offset >= 0 else { return nil }
        let needle = Array(name.unicodeScalars)
        guard needle.count <= scalars.count - offset else { return nil }
        return (offset...(scalars.count - needle.count))
            .first { scalars[$0..<$0 + needle.count].elementsEqual(needle) }
            .map { $0..<$0 + needle.count }
    }
}
