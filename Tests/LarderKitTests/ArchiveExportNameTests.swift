import Foundation
import LarderArchive
import Testing
import TestSupport

/// Exports whose entries are named by recipe titles (Cooklang, Nextcloud, Paprika) put
/// accented names into archives. libarchive converts names through the locale, and `larder`
/// runs in the "C" locale unless told otherwise: the tar writer crashed on `Crêpes`, and zips
/// left out the flag that says their names are UTF-8.
struct ArchiveExportNameTests {
    let cli = CommandLineTests()
    static let titles = ["Crêpes", "Gyros vom Drehspieß", "Plain Toast"]

    /// A library of three recipes, two with letters outside ASCII in their titles.
    func libraryWithAccentedTitles(in scratch: ScratchFolder) throws -> String {
        let input = scratch.path("recipes.jsonld")
        let recipes = Self.titles.map { title in
            ["@context": "https://schema.org", "@type": "Recipe", "name": title,
             "recipeIngredient": ["2 eggs", "1 cup milk"], "recipeInstructions": ["Mix.", "Cook."]] as [String: Any]
        }
        try JSONSerialization.data(withJSONObject: recipes).write(to: input)
        let library = scratch.path("library").path
        let imported = try cli.larder(["import", input.path, "--library", library])
        #expect(imported.status == 0, "\(imported.errors)")
        return library
    }

    /// What an archive holds, read back through libarchive.
    func entryNames(_ archive: URL) throws -> [String] {
        let reader = try ArchiveReader(path: archive.path)
        var names: [String] = []
        while let entry = try reader.nextEntry() { names.append(entry.path ?? "<not UTF-8>") }
        return names
    }

    static let tarOutputs = ["x.tar.gz", "x.tar.zst", "x.tar.xz"]

    @Test(arguments: ["cooklang", "nextcloud"], tarOutputs)
    func accentedTitlesGoIntoTarArchives(format: String, output: String) throws {
        let scratch = try ScratchFolder()
        let library = try libraryWithAccentedTitles(in: scratch)
        let folder = scratch.path("out")
        let archive = folder.appendingPathComponent(output)
        let written = try cli.larder(["export", "--library", library, "--format", format, "--output", archive.path])
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output.contains("3 written"), "\(written.output)")
        // Only the archive and its fidelity report: no temporary `.x.tar.gz.<UUID>.partial` beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [output, output + ".fidelity.json"])
        let names = try entryNames(archive)
        let expected = format == "cooklang" ? Self.titles.map { "\($0).cook" } : Self.titles.map { "\($0)/recipe.json" }
        #expect(Set(names).isSuperset(of: expected), "\(names)")

        let again = try cli.larder(["import", archive.path, "--library", scratch.path("again").path])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains("3 imported"), "\(again.output)")
    }

    /// An archive that cannot be put in place (a folder holds its name) fails the export and
    /// leaves no temporary file beside it.
    @Test func aFailedArchiveExportLeavesNoPartialFile() throws {
        let scratch = try ScratchFolder()
        let library = try libraryWithAccentedTitles(in: scratch)
        let folder = scratch.path("out")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("x.tar.gz/taken"), withIntermediateDirectories: true)
        let written = try cli.larder(["export", "--library", library, "--format", "cooklang", "--output", folder.appendingPathComponent("x.tar.gz").path])
        #expect(written.status != 0)
        #expect(written.errors.contains("x.tar.gz"), "\(written.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.tar.gz"])
    }

    /// Zip's general purpose bit 11: the names are UTF-8. Read from the written bytes, in both
    /// the central directory and each local header, for every entry whose name is not ASCII.
    @Test(arguments: [("nextcloud", "Recipes.zip"), ("paprika", "all.paprikarecipes"), ("cooklang", "cook.zip")])
    func zipsSayTheirNamesAreUTF8(format: String, output: String) throws {
        let scratch = try ScratchFolder()
        let library = try libraryWithAccentedTitles(in: scratch)
        let archive = scratch.path(output)
        let written = try cli.larder(["export", "--library", library, "--format", format, "--output", archive.path])
        #expect(written.status == 0, "\(written.errors)")
        let entries = try ZipDirectory.entries(of: Data(contentsOf: archive))
        let accented = entries.filter { !$0.name.allSatisfy(\.isASCII) }
        #expect(accented.count == 2, "\(entries.map(\.name))")
        for entry in accented {
            #expect(entry.centralFlags & 0x0800 != 0, "\(entry.name): central directory flags \(entry.centralFlags)")
            #expect(entry.localFlags & 0x0800 != 0, "\(entry.name): local header flags \(entry.localFlags)")
        }
        #expect(accented.contains { $0.name.contains("Crêpes") })

        // Read back by name: a `.cook` entry is only a recipe when its name can be read.
        let again = try cli.larder(["import", archive.path, "--library", scratch.path("again").path])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains("3 imported"), "\(again.output)")
    }
}

/// The entries of a zip file read from its bytes: the end record, then each central directory
/// record and the local header it points to. Names are decoded as UTF-8.
enum ZipDirectory {
    struct Entry {
        var name: String
        var centralFlags: UInt16
        var localFlags: UInt16
    }

    struct Malformed: Error {}

    static func entries(of data: Data) throws -> [Entry] {
        let bytes = [UInt8](data)
        func u16(_ at: Int) throws -> Int {
            guard at + 2 <= bytes.count else { throw Malformed() }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int { try u16(at) | (u16(at + 2) << 16) }
        // The end of central directory record is the last thing in the file (no comment here).
        guard let end = (0...max(0, bytes.count - 22)).reversed().first(where: { bytes[$0..<$0 + 4] == [0x50, 0x4B, 0x05, 0x06] }) else {
            throw Malformed()
        }
        let count = try u16(end + 10)
        var offset = try u32(end + 16)
        var entries: [Entry] = []
        for _ in 0..<count {
            guard bytes[offset..<offset + 4] == [0x50, 0x4B, 0x01, 0x02] else { throw Malformed() }
            let flags = try u16(offset + 8)
            let nameLength = try u16(offset + 28), extraLength = try u16(offset + 30), commentLength = try u16(offset + 32)
            let local = try u32(offset + 42)
            guard bytes[local..<local + 4] == [0x50, 0x4B, 0x03, 0x04] else { throw Malformed() }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, centralFlags: UInt16(flags), localFlags: UInt16(try u16(local + 6))))
            offset += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }
}
