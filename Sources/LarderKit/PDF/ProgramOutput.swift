import Foundation

/// What a short helper program (fontconfig's `fc-list`, the Python that holds Typst) prints,
/// for the questions the PDF export asks before it lays out a book.
enum ProgramOutput {
    /// The program's standard output, or nil when it cannot be started or fails. Its errors are
    /// dropped and it reads nothing: these are questions, not work the user asked for.
    static func text(of program: URL, arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
