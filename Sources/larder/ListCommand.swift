import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the recipes in the library that match the filters.",
            discussion: """
            One recipe per line: id, title, category, cuisine and servings (a range with both ends), \
            separated by tabs; with --json, a JSON array of one object per recipe (id, title, \
            categories, cuisines, tags, diets, servings, servingsUpper for the top of a range, \
            sourceURL, source, path). Answered from the library's index \
            (.larder/index.sqlite), which is brought up to date first when the library changed \
            without it.
            """
        )

        @OptionGroup var libraryOptions: LibraryOptions
        @OptionGroup var filters: FilterOptions

        @Flag(name: .long, help: "Print a JSON array, for scripts.")
        var json = false

        func run() throws {
            let library = try libraryOptions.existing()
            var shown = 0
            var output = BufferedOutput()
            if json { output.write("[") }
            try library.listRecipes(matching: filters.filter, withSummary: json, { recipe in
                if json {
                    output.write((shown == 0 ? "\n" : ",\n") + (recipe.summaryJSON ?? "{}"))
                } else {
                    // A range as the recipe gives it ("4–6"), not its bottom alone.
                    let servings = [recipe.servings, recipe.servingsUpper].compactMap { $0.map(YAMLText.number) }.joined(separator: "–")
                    output.write([recipe.id, recipe.title, recipe.category ?? "", recipe.cuisine ?? "", servings].joined(separator: "\t") + "\n")
                }
                shown += 1
            }, unreadable: { recipe in
                output.flush()
                FileHandle.standardError.write(Data("unreadable: \(recipe.path): \(recipe.reason)\n".utf8))
            })
            if json { output.write(shown == 0 ? "]\n" : "\n]\n") }
            output.flush()
            library.printIndexNotes()
            FileHandle.standardError.write(Data("\(shown) recipe\(shown == 1 ? "" : "s")\n".utf8))
        }
    }
}

/// Standard output gathered into large writes: a list of 100,000 recipes is one line each.
struct BufferedOutput {
    private var buffer = Data()

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension Library {
    /// What happened to the library's index that a person should hear of, on standard error.
    func printIndexNotes() {
        for note in indexNotes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
    }
}
