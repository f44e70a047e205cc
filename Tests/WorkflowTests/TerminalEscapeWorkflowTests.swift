import Foundation
import LarderCore
import Testing
import TestSupport

/// A backup from someone else is untrusted: its recipes may carry what a terminal acts on
/// (ESC c resets it, OSC 52 writes the clipboard, U+009B is a CSI of its own, DCS, a bare CR
/// writes over the line) and what turns text around (bidi overrides). Restored, none of it
/// reaches `list`, `show` or an export.
@Suite struct TerminalEscapeWorkflowTests {
    /// Every control a terminal or a bidi renderer acts on, as they came in the red-team bundle.
    static let hostile = "\u{1B}c\u{1B}]52;c;SGVsbG8=\u{07}\u{9B}31m\u{1B}P1$qm\u{1B}\\\u{90}X\rY\u{0}Z\u{202E}evil\u{2066}\u{7F}\u{8}"

    /// Control characters and bidi controls a printed line must not carry (tabs and line feeds
    /// are layout).
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: return false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// A library archived with tar whose crêpes recipe holds the hostile text in its title,
    /// description, an ingredient and a step, with a manifest that matches (as an attacker
    /// would write it).
    func hostileBackup(in work: Workspace) async throws -> String {
        try await work.run(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", work.path("source")])
        let source = work.library("source")
        let url = try #require(source.recipeFiles.first { $0.lastPathComponent.hasPrefix("crepes-") })
        let file = url.lastPathComponent
        var recipe = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        recipe["title"] = "Crêpes" + Self.hostile
        recipe["description"] = "Thin" + Self.hostile
        var groups = try #require(recipe["ingredientGroups"] as? [[String: Any]])
        var ingredients = try #require(groups[0]["ingredients"] as? [[String: Any]])
        ingredients[0]["line"] = "250 g flour" + Self.hostile
        ingredients[0]["name"] = "flour" + Self.hostile
        groups[0]["ingredients"] = ingredients
        recipe["ingredientGroups"] = groups
        var sections = try #require(recipe["instructionSections"] as? [[String: Any]])
        var steps = try #require(sections[0]["steps"] as? [[String: Any]])
        steps[0]["text"] = "Whisk" + Self.hostile
        sections[0]["steps"] = steps
        recipe["instructionSections"] = sections
        // JSONSerialization writes C0 controls as \u escapes and C1 and bidi controls as they
        // are: both forms are in the file.
        let data = try JSONSerialization.data(withJSONObject: recipe, options: [.sortedKeys])
        try data.write(to: url)

        let manifestURL = source.root.appendingPathComponent("manifest.jsonl")
        let lines = try String(contentsOf: manifestURL, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard line.contains("\"recipes/\(file)\"") else { return String(line) }
            return "{\"bytes\":\(data.count),\"path\":\"recipes/\(file)\",\"sha256\":\"\(SHA256.hex(data))\"}"
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifestURL)

        let archive = work.path("hostile.tgz")
        let tar = try await Program("tar", ["czf", archive, "-C", source.root.path, "recipes", "images", "manifest.jsonl"]).run()
        #expect(tar.status == 0, "\(tar)")
        return archive
    }

    @Test func aRestoredBackupPrintsAndExportsNoControlCharacters() async throws {
        let work = try Workspace()
        let archive = try await hostileBackup(in: work)
        let restore = try await work.run(["import", archive, "--library", work.path("lib")])
        #expect(restore.printed.contains("13 imported"), "\(restore)")
        #expect(restore.printed.contains("control characters (terminal escapes, bidi overrides, carriage returns) removed"), "\(restore)")
        let stored = try #require(work.library("lib").recipeFiles.first { $0.lastPathComponent.hasPrefix("crepes-") })
        let id = stored.deletingPathExtension().lastPathComponent
        let storedText = try String(contentsOf: stored, encoding: .utf8)
        #expect(!storedText.contains("\\u001b") && Self.controls(in: storedText).isEmpty, "\(storedText)")
        // The words around the controls are kept.
        #expect(storedText.contains("Crêpesc]52;c;SGVsbG8=31mP1$qm\\\\X\\nYZevil"), "\(storedText)")

        for arguments in [["list"], ["list", "--json"], ["show", id], ["show", id, "--json"]] {
            let outcome = try await work.run(arguments + ["--library", work.path("lib")])
            #expect(Self.controls(in: outcome.printed).isEmpty, "larder \(arguments.joined(separator: " ")): \(Self.controls(in: outcome.printed))")
            #expect(outcome.printed.contains("evil"), "larder \(arguments.joined(separator: " ")): \(outcome)")
        }

        try await work.run(["export", "--library", work.path("lib"), "--format", "markdown", "--output", work.path("md")])
        let markdown = try FileManager.default.contentsOfDirectory(atPath: work.path("md")).filter { $0.hasPrefix("cr") && $0.contains("evil") }
        #expect(markdown.count == 1)
        for name in markdown {
            let text = try String(contentsOfFile: work.path("md/" + name), encoding: .utf8)
            #expect(Self.controls(in: text).isEmpty && text.contains("Whisk"), "\(Self.controls(in: text))")
        }
        try await work.run(["export", "--library", work.path("lib"), "--format", "cookbook", "--output", work.path("cookbook.html")])
        let html = try String(contentsOfFile: work.path("cookbook.html"), encoding: .utf8)
        #expect(Self.controls(in: html).isEmpty && html.contains("evil"), "\(Self.controls(in: html))")
    }

    /// A recipe file edited by hand in one's own library (no restore to clean it): what `list`
    /// and `show` print is escaped or cleaned all the same.
    @Test func aHandEditedRecipeIsPrintedWithoutControlCharacters() async throws {
        let work = try Workspace()
        _ = try await hostileBackup(in: work)
        let file = try #require(work.library("source").recipeFiles.first { $0.lastPathComponent.hasPrefix("crepes-") })
        let id = file.deletingPathExtension().lastPathComponent
        for arguments in [["list"], ["list", "--json"], ["show", id], ["show", id, "--json"]] {
            let outcome = try await work.run(arguments + ["--library", work.path("source")])
            #expect(Self.controls(in: outcome.printed).isEmpty, "larder \(arguments.joined(separator: " ")): \(Self.controls(in: outcome.printed))")
        }
    }
}
