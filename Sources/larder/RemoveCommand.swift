import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove recipes from the library: each one's file, the images no other recipe uses, and its manifest and index entries.",
            discussion: "An id the library does not have is named on standard error and the others are still removed; the exit code is then 1."
        )

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("The ids of the recipes to remove, as `larder list` prints them.", valueName: "id"))
        var ids: [String] = []

        func validate() throws {
            if ids.isEmpty { throw ValidationError("Name at least one recipe id to remove.") }
        }

        func run() throws {
            let library = try libraryOptions.existingWritable()
            // Before any work: another run writing this library stops this one here.
            try library.open()
            var removed = 0, failed = 0
            for id in ids {
                do {
                    let removal = try library.removeRecipe(id: id)
                    let images = removal.images == 0 ? "" : " and \(removal.images) image\(removal.images == 1 ? "" : "s")"
                    print("removed: \(TerminalText.oneLine(removal.id))\(removal.title.map { " (\(TerminalText.oneLine($0)))" } ?? "")\(images)")
                    removed += 1
                } catch {
                    FileHandle.standardError.write(Data("failed: \(id): \(ErrorText.describe(error))\n".utf8))
                    failed += 1
                }
            }
            try library.close()
            library.printIndexNotes()
            FileHandle.standardError.write(Data("Remove: \(removed) removed, \(failed) failed. Library: \(library.root.path)\n".utf8))
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
