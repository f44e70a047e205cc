import Foundation
import Testing
import TestSupport

/// Memory of the real binary on inputs that once took gigabytes (issue 21), measured as the
/// child's own peak resident size (`wait4` through Python, which every machine has). The bounds
/// are several times what the fixed code needs and far below what the old code took.
struct HostileInputMemoryTests {
    /// Peak resident megabytes of `larder ARGUMENTS`.
    func peakMegabytes(_ arguments: [String]) async throws -> Double {
        let larder = try LarderCommand.program(arguments)
        let script = """
        import os, subprocess, sys
        child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        print(usage.ru_maxrss / 1024)
        """
        let run = try await Program("python3", ["-c", script, larder.executable] + larder.arguments, environment: larder.environment).run()
        return try #require(Double(run.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(run)")
    }

    /// 3 MB of blank lines in a Cooklang file and in a Meal-Master recipe: a string per line
    /// took ~50 bytes a line (3.1 and 3 GB for 60 MB; about 200 MB for these files in a debug
    /// build), and now a run of blank lines is one step of a loop.
    @Test(arguments: ["blank.cook", "blank.mmf"])
    func aFileOfBlankLinesIsReadInLittleMemory(_ name: String) async throws {
        let scratch = try ScratchFolder()
        let file = scratch.path(name)
        let blank = Data(repeating: UInt8(ascii: "\n"), count: 3 * 1024 * 1024)
        let text: Data
        if name.hasSuffix(".cook") {
            text = blank + Data("Boil @water{1%l}.\n".utf8)
        } else {
            text = Data("MMMMM----- Recipe via Meal-Master (tm) v8.05\n\n      Title: Blank\n      Yield: 1 serving\n\n      1 c  flour\n\n".utf8)
                + blank + Data("  Mix.\n\nMMMMM\n".utf8)
        }
        try text.write(to: file)
        let peak = try await peakMegabytes(["import", file.path, "--library", scratch.path("library").path])
        #expect(peak < 110, "peak \(peak) MB for a 3 MB file")
    }

    /// One XML export of 30,000 small recipes, converted with a filter that keeps none (so
    /// nothing is written): read whole, as a libxml2 tree and a tree of Swift values with every
    /// recipe's result, it took 150 MB (1.31 GB for 300,000); read one recipe at a time, its
    /// memory does not grow with the count.
    @Test func anXMLExportOfManyRecipesIsReadOneAtATime() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.path("many.grmt")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gourmetDoc>\n"
        for index in 1...30_000 {
            xml += "<recipe id=\"\(index)\"><title>Soup \(index)</title><ingredient-list><ingredient><amount>1</amount><unit>cup</unit><item>water</item></ingredient></ingredient-list><instructions>Boil it.</instructions></recipe>\n"
        }
        try Data((xml + "</gourmetDoc>\n").utf8).write(to: file)
        let peak = try await peakMegabytes(["convert", file.path, "--search", "nothingmatches", "--format", "jsonld", "--output", scratch.path("out.json").path])
        #expect(peak < 100, "peak \(peak) MB for 30,000 recipes in one file")
    }
}
