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
            // Each field is appended to the output as it is: joining a line's fields into a String
            // first took half of the CPU time of a 16,000-line `list --search` (see
            // Benchmarks/library-index.sh).
            try library.listRecipes(matching: filters.filter, withSummary: json, { recipe in
                if json {
                    output.write(shown == 0 ? "\n" : ",\n")
                    output.write(TerminalText.jsonText(recipe.summaryJSON ?? "{}"))
                } else {
                    output.write(TerminalText.oneLine(recipe.id))
                    output.write("\t")
                    output.write(TerminalText.oneLine(recipe.title))
                    output.write("\t")
                    output.write(TerminalText.oneLine(recipe.category ?? ""))
                    output.write("\t")
                    output.write(TerminalText.oneLine(recipe.cuisine ?? ""))
                    output.write("\t")
                    // A range as the recipe gives it ("4–6"), not its bottom alone.
                    if let servings = recipe.servings { output.write(YAMLText.number(servings)) }
                    if let upper = recipe.servingsUpper {
                        if recipe.servings != nil { output.write("–") }
                        output.write(YAMLText.number(upper))
                    }
                    output.write("\n")
                }
                shown += 1
            }, unreadable: { recipe in
                output.flush()
                FileHandle.standardError.write(Data("unreadable: \(TerminalText.oneLine(recipe.path)): \(TerminalText.oneLine(recipe.reason))\n".utf8))
            })
            if json { output.write(shown == 0 ? "]\n" : "\n]\n") }
            output.flush()
            library.printIndexNotes()
            FileHandle.standardError.write(Data("\(shown) recipe\(shown == 1 ? "" : "s")\n".utf8))
        }
    }
}

/// Standard output gathered into large writes (64 KB): a list of 100,000 recipes is one line each.
struct BufferedOutput {
    private static let flushSize = 1 << 16
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    mutating func write(_ text: String) {
        var text = text
        // A native string's bytes are copied at once; `Data.append(contentsOf: text.utf8)` went
        // byte by byte through the generic sequence path.
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.flushSize { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { FileHandle.standardOutput.write(Data($0)) }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension Library {
    /// What happened to the library's index that a person should hear of, on standard error.
    func printIndexNotes() {
        for note in indexNotes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
    }
}
