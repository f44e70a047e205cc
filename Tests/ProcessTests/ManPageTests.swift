import Foundation
import Testing
import TestSupport

/// The man pages in `man/` come from the CLI's help (`make man`). They said "0 on success, >0
/// if an error occurs" and showed no defaults, while the CLI documents 0, 1, 2 and 130.
struct ManPageTests {
    let folder = Fixtures.packageRoot.appendingPathComponent("man")

    func page(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func everyPageSaysLarderExitCodes() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".1") }
        #expect(pages.count >= 8)
        for name in pages {
            let text = try page(name)
            #expect(!text.contains(".Ex -std"), "\(name)")
            for code in ["0", "1", "2", "130", "143"] { #expect(text.contains("\n.It \(code)\n"), "\(name): \(code)") }
        }
    }

    /// A run stopped with SIGTERM exits 143 (128 + 15, as shells report it); the help and the
    /// pages said 130 "for Ctrl-C or SIGTERM".
    @Test func helpAndPagesGiveSigtermItsOwnExitCode() async throws {
        let help = try await LarderCommand.run(["--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("143 when it was stopped with SIGTERM"), "\(help)")
        #expect(!help.contains("Ctrl-C or SIGTERM"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".1") }
        for name in pages {
            let text = try page(name)
            #expect(!text.contains("Ctrl-C or SIGTERM"), "\(name)")
            #expect(text.contains(".It 143\nThe run was stopped with SIGTERM"), "\(name)")
        }
    }

    /// Every default the help states is in the pages, word for word: the pages are not stale.
    @Test func thePagesShowTheDefaultsTheHelpStates() async throws {
        let dump = try await LarderCommand.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        var checked = 0
        for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
            let name = try #require(subcommand["commandName"] as? String)
            guard name != "help" else { continue }
            let text = try page("larder.\(name).1")
            for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
                guard let abstract = argument["abstract"] as? String, abstract.contains("(default:") else { continue }
                #expect(text.contains(abstract), "larder.\(name).1 lacks: \(abstract)")
                checked += 1
            }
            // ArgumentParser shows a default only in --help; the pages need it in the text.
            for argument in subcommand["arguments"] as? [[String: Any]] ?? [] where argument["defaultValue"] != nil {
                let flag = (argument["names"] as? [[String: Any]])?.first?["name"] as? String ?? "?"
                let kind = argument["kind"] as? String
                #expect(kind == "flag", "larder \(name) --\(flag) has a default the man page does not show")
            }
        }
        #expect(checked >= 10)
    }
}
