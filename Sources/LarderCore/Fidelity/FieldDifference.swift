/// One field of one recipe that did not come back as it was written: changed (it came back,
/// otherwise), or dropped (it came back empty). `from` and `to` hold what differs — for a
/// list, only the items that did not come back and the ones that came instead; for a single
/// value, the value — as short texts for a person and a script to read.
public struct FieldDifference: Codable, Hashable, Sendable {
    /// How the field differs.
    public enum Change: String, Codable, Sendable {
        /// It came back, with other words or values.
        case changed
        /// It came back empty.
        case dropped
    }

    /// The field that differs.
    public var field: RecipeField
    /// Changed or dropped.
    public var change: Change
    /// What was written that did not come back.
    public var from: [String]
    /// What came back in its place (empty when dropped).
    public var to: [String]

    /// A difference of `field`: `from` what was written `to` what came back.
    public init(field: RecipeField, change: Change, from: [String], to: [String]) {
        self.field = field
        self.change = change
        self.from = from
        self.to = to
    }
}
