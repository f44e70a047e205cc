/// One field of one recipe that did not come back as it was written: changed (it came back,
/// otherwise), or dropped (it came back empty). `from` and `to` hold what differs — for a
/// list, only the items that did not come back and the ones that came instead; for a single
/// value, the value — as short texts for a person and a script to read.
public struct FieldDifference: Codable, Hashable, Sendable {
    public enum Change: String, Codable, Sendable {
        case changed
        case dropped
    }

    public var field: RecipeField
    public var change: Change
    public var from: [String]
    public var to: [String]

    public init(field: RecipeField, change: Change, from: [String], to: [String]) {
        self.field = field
        self.change = change
        self.from = from
        self.to = to
    }
}
