import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// The inputs of a run, from the command line, from `--from-file FILE` and from `-` (standard
/// input): one per line, blank lines and `#` comments ignored. LarderKit sorts them into the
/// kinds of source that read them (`ImportInputs`).
enum InputList {
    static func read(arguments: [String], listFiles: [String]) throws -> ImportInputs {
        var all: [String] = []
        for argument in arguments {
            if argument == "-" {
                all += Self.lines(of: String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self))
            } else {
                all.append(argument)
            }
        }
        for file in listFiles {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                let reason = (FileProblem.retold(error, .read, path: file) as? FileProblem)?.reason ?? ErrorText.describe(error)
                throw ValidationError("Cannot read the list of inputs \(file): \(reason).")
            }
            all += Self.lines(of: String(decoding: data, as: UTF8.self))
        }
        do {
            return try ImportInputs(classifying: all)
        } catch {
            throw ValidationError(ErrorText.describe(error))
        }
    }

    /// The inputs of a list: a byte-order mark at the start (Windows Notepad's "UTF-8") is no
    /// part of the first one; a `#` that starts a line, or follows white space, starts a
    /// comment (`http://…/stew.html # the good one`), while one inside an address is its
    /// fragment (`page.html#recipe`).
    static func lines(of text: String) -> [String] {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        return text.split(whereSeparator: \.isNewline)
            .map { withoutComment($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous.isWhitespace { return line[..<index] }
            previous = line[index]
        }
        return line
    }
}
