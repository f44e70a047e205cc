/// The inputs of an import, sorted by kind (`ImportSources`), each kind's in the order given.
public struct ImportInputs: Sendable {
    private var byKind: [String: [String]] = [:]

    /// Sorts `inputs` by kind; throws the first malformed one's error (`mealdb:nope`), naming it.
    public init(classifying inputs: [String]) throws {
        for input in inputs {
            let kind = ImportSources.kind(of: input)
            try kind.check(input)
            byKind[kind.name, default: []].append(input)
        }
    }

    /// The inputs of `kind`, in the order given.
    public func inputs(of kind: ImportSourceKind) -> [String] {
        byKind[kind.name] ?? []
    }

    /// How many inputs there are.
    public var count: Int { byKind.values.reduce(0) { $0 + $1.count } }

    /// Whether there are none.
    public var isEmpty: Bool { count == 0 }

    /// The inputs `shard` owns, by each kind's shard key, in the list's order.
    public func only(_ shard: ImportShard) -> ImportInputs {
        var part = self
        for kind in ImportSources.all {
            part.byKind[kind.name] = inputs(of: kind).filter { shard.owns(key: kind.shardKey($0)) }
        }
        return part
    }
}
