import Foundation
import LarderKit
import Testing
import TestSupport

/// An export or convert writes its output whole or not at all. One with no recipe to write
/// (every input failed, the filters matched none) left an empty book, list or folder in place
/// of a good one ("0 recipes"), and a stopped one (Ctrl-C, SIGTERM) left its hidden unfinished
/// output beside the target without a word. Now both write nothing, say so, and leave the
/// earlier output byte for byte as it was, with nothing else in its folder.
@Suite(.serialized)
struct ExportKeepsOldOutputTests {
    let scratch: ScratchFolder
    let library: String

    init() async throws {
        scratch = try ScratchFolder()
        library = scratch.path("library").path
        let made = try await LarderCommand.run(["import", Fixtures.url("apps/recipe-search-local/recipes.json").path, "--library", library])
        #expect(made.status == 0, "\(made.printed)")
    }

    /// Every file under `folder` (hidden ones too) with its bytes.
    func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let relative = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                files[relative] = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
            }
        }
        return files
    }

    /// One output per format the registry writes that `formats` keeps, and the folder formats
    /// also into a .tar.gz and a .zip.
    func outputs(in folder: URL, of formats: (RecipeFormat) -> Bool) -> [(format: String, path: String)] {
        var outputs: [(String, String)] = []
        for format in FormatRegistry.writable where formats(format) {
            guard let writer = format.writer else { continue }
            switch writer.layout {
            case .tree:
                for name in ["\(format.name)-folder", "\(format.name).tar.gz", "\(format.name).zip"] {
                    outputs.append((format.name, folder.appendingPathComponent(name).path))
                }
            case .file(let examples):
                let example = examples.first ?? "out"
                outputs.append((format.name, folder.appendingPathComponent("\(format.name)-\(example)").path))
            }
        }
        return outputs
    }

    @Test func aRunWithNoRecipeToWriteKeepsTheEarlierOutputOfEveryFormat() async throws {
        let outputs = outputs(in: scratch.path("out")) { $0 != .pdf }
        #expect(outputs.count >= 10)
        try await expectNoRecipeKeepsTheEarlierOutputs(outputs, in: scratch.path("out"))
    }

    /// The PDF cookbook, written through Typst, likewise.
    @Test(.enabled(if: PDFTools.available, PDFTools.missing))
    func aRunWithNoRecipeToWriteKeepsTheEarlierPDF() async throws {
        let outputs = outputs(in: scratch.path("out")) { $0 == .pdf }
        #expect(outputs.count == 1)
        try await expectNoRecipeKeepsTheEarlierOutputs(outputs, in: scratch.path("out"))
    }

    /// Each output written once, then a convert that reads no recipe and an export whose filters
    /// match none, into each: every file stays as it was.
    func expectNoRecipeKeepsTheEarlierOutputs(_ outputs: [(format: String, path: String)], in folder: URL) async throws {
        for (format, path) in outputs {
            let first = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", path])
            #expect(first.status == 0, "\(format): \(first.printed)")
        }
        let before = snapshot(folder)

        for (format, path) in outputs {
            let typo = try await LarderCommand.run(["convert", scratch.path("typo.json").path, "--format", format, "--output", path])
            #expect(typo.status == 1, "\(format): \(typo.printed)")
            #expect(typo.output.contains("nothing was written: no recipe could be read (every input failed); \(path) is as it was"),
                    "\(format): \(typo.printed)")

            let none = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", path, "--search", "zzzz"])
            #expect(none.status == 1, "\(format): \(none.printed)")
            #expect(none.output.contains("nothing was written: no recipe matched the filters; \(path) is as it was"), "\(format): \(none.printed)")
        }
        let after = snapshot(folder)
        #expect(Set(after.keys) == Set(before.keys), "\(Set(after.keys).symmetricDifference(before.keys))")
        for (file, bytes) in before where after[file] != bytes {
            Issue.record("\(file) changed")
        }
    }

    /// A new output that would hold no recipe is not made at all.
    @Test func aRunWithNoRecipeMakesNoNewOutput() async throws {
        let list = scratch.path("fresh/list.md")
        let run = try await LarderCommand.run(["export", "--library", library, "--format", "shopping-list", "--output", list.path, "--cuisine", "nowhere"])
        #expect(run.status == 1, "\(run.printed)")
        #expect(run.output.contains("no recipe matched the filters; \(list.path) was not made"), "\(run.printed)")
        #expect(!FileManager.default.fileExists(atPath: list.path))
    }

    /// Five saved pages that take seconds each to read: a signal finds the convert in the
    /// middle of its input, its output begun.
    func slowFolder() throws -> URL { try SlowPages.write(in: scratch) }

    /// Signals a convert of the slow folder once its unfinished output is there, beside the target,
    /// and it has read a page whole: it is then reading that page, which takes seconds. (A
    /// folder's output is made before the run begins, when a signal is only held; a one-file
    /// format's begins with its first recipe.)
    func stop(convertTo output: URL, format: String, with signalNumber: Int32, input: URL) async throws -> ProgramRun {
        let running = try LarderCommand.start(["convert", input.path, "--format", format, "--output", output.path])
        let parent = output.deletingLastPathComponent().path
        try await running.waitUntil("its unfinished output is there and it has read a page", thenSignal: signalNumber) {
            ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).contains { $0.hasPrefix(".\(output.lastPathComponent).") }
                && running.bytesRead > SlowPages.pageBytes
        }
        return try await running.finish()
    }

    @Test func aStoppedConvertRemovesItsUnfinishedOutputAndKeepsTheEarlierOne() async throws {
        let slow = try slowFolder()
        let folder = scratch.path("stopped")
        let cases: [(format: String, name: String, signal: Int32)] = [
            ("markdown", "md", SIGINT), ("json", "backup.tar.gz", SIGINT), ("cooklang", "cook.zip", SIGTERM), ("jsonld", "all.json", SIGTERM),
        ]
        for (format, name, _) in cases {
            let first = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", folder.appendingPathComponent(name).path])
            #expect(first.status == 0, "\(format): \(first.printed)")
        }
        let before = snapshot(folder)
        for (format, name, signalNumber) in cases {
            let output = folder.appendingPathComponent(name)
            let run = try await stop(convertTo: output, format: format, with: signalNumber, input: slow)
            #expect(run.status == 128 + signalNumber, "\(name): \(run.printed)")
            let how = signalNumber == SIGINT ? "Ctrl-C" : "SIGTERM"
            #expect(run.printed.contains("Convert stopped (\(how)): nothing was written; \(output.path) is as it was."), "\(name): \(run.printed)")
            #expect(run.printed.contains("Stopping: removing the unfinished output"), "\(name): \(run.printed)")
        }
        let after = snapshot(folder)
        #expect(Set(after.keys) == Set(before.keys), "left behind: \(Set(after.keys).subtracting(before.keys))")
        for (file, bytes) in before where after[file] != bytes {
            Issue.record("\(file) changed")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasSuffix(".partial") || $0.hasSuffix(".items") }, "\(names)")
    }

    /// An archive export killed outright (kill -9, a second Ctrl-C) leaves its partial file; only
    /// a later export to the same name removed it. Now any export of an archive into the folder
    /// removes Larder's own partial archives of every name that nobody holds, and nothing else:
    /// not one a live export holds locked, not a folder, not a file of a name Larder does not give.
    @Test func anArchiveExportClearsAbandonedPartialArchivesOfAnyNameButNoOtherFile() async throws {
        let folder = scratch.path("backups")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let uuid = { UUID().uuidString }
        let abandoned = [".old.zip.larder-\(uuid()).partial", ".week 2.tar.zst.larder-\(uuid()).partial"]
        let busy = ".busy.tar.gz.larder-\(uuid()).partial"
        let others = [".notes.txt.partial", ".x.larder-notauuid.partial", "larder-\(uuid()).partial"]
        for name in abandoned + [busy] + others {
            try Data("partial".utf8).write(to: folder.appendingPathComponent(name))
        }
        let folderLike = ".md.larder-\(uuid()).partial"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(folderLike), withIntermediateDirectories: true)
        // A live export holds its partial archive locked.
        let held = open(folder.appendingPathComponent(busy).path, O_RDONLY)
        #expect(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0)
        defer { close(held) }

        let run = try await LarderCommand.run(["export", "--library", library, "--format", "json", "--output", folder.appendingPathComponent("new.tar.gz").path])
        #expect(run.status == 0, "\(run.printed)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == Set([busy, folderLike, "new.tar.gz"] + others), "\(names)")
    }
}
