extension StringProtocol {
    /// Without white space (and line breaks) at both ends. Foundation's
    /// `trimmingCharacters(in:)` bridges through NSString on Linux, which showed up in every
    /// profile of reading recipes.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
