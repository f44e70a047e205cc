import Foundation

/// A file an export wrote for one recipe, by its path in the output (`Pancakes.cook`,
/// `images/pancakes/1.jpg`, the entry of an archive), with its bytes: what is read back to
/// learn what of the recipe the output holds.
public struct WrittenFile: Sendable {
    public var path: String
    public var data: Data

    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }
}

/// A sink of a format Larder reads back: after each `write` it can hand over the files that
/// recipe became (nothing more is kept than the last recipe's), for `FidelityCheckedSink`.
protocol ReadBackSink: RecipeSink {
    /// The files the last `write` made, handed over once.
    func takeWrittenFiles() -> [WrittenFile]
}

/// An `OutputTree` that keeps what one recipe writes into it: the sink starts each recipe
/// (`startRecipe`, which forgets the one before) and takes its files after.
final class RecordingTree: OutputTree {
    private let tree: OutputTree
    private var recorded: [WrittenFile] = []
    var location: String { tree.location }

    init(_ tree: OutputTree) {
        self.tree = tree
    }

    func startRecipe() {
        recorded = []
    }

    func write(_ contents: Data, at relativePath: String) throws {
        try tree.write(contents, at: relativePath)
        recorded.append(WrittenFile(path: relativePath, data: contents))
    }

    func finish() throws {
        try tree.finish()
    }

    func takeRecorded() -> [WrittenFile] {
        defer { recorded = [] }
        return recorded
    }
}
