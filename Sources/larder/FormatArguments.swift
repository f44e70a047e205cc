import ArgumentParser
import LarderKit

/// A format named on the command line, from those `FormatRegistry` lists for the option: the
/// values, their check and the words of the help all come from the registry.
protocol FormatArgument: ExpressibleByArgument {
    /// The formats this option takes, in the registry's order.
    static var choices: [RecipeFormat] { get }
    var format: RecipeFormat { get }
    init(_ format: RecipeFormat)
}

extension FormatArgument {
    init?(argument: String) {
        guard let format = Self.choices.first(where: { $0.name == argument }) else { return nil }
        self.init(format)
    }

    static var allValueStrings: [String] { choices.map(\.name) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// `json (Larder's library), markdown (one file per recipe and an index), …` for a help text.
    static func listed(_ words: (RecipeFormat) -> String?) -> String {
        choices.map { format in words(format).map { "\(format.name) (\($0))" } ?? format.name }.joined(separator: ", ")
    }
}

/// `--from`: a format Larder reads.
struct InputFormat: FormatArgument {
    static var choices: [RecipeFormat] { FormatRegistry.readable }
    let format: RecipeFormat
    init(_ format: RecipeFormat) { self.format = format }
}

/// `export`'s and `convert`'s `--format`: a format Larder writes.
struct OutputFormat: FormatArgument {
    static var choices: [RecipeFormat] { FormatRegistry.writable }
    let format: RecipeFormat
    init(_ format: RecipeFormat) { self.format = format }
}

/// `scrape`'s `--format`: a format one recipe is printed in.
struct PrintFormat: FormatArgument {
    static var choices: [RecipeFormat] { FormatRegistry.printable }
    let format: RecipeFormat
    init(_ format: RecipeFormat) { self.format = format }
}
