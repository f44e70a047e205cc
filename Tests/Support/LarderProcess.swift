import Foundation

/// One run of the built `larder` binary, as a person runs it: its exit status and what it
/// printed on each stream.
public struct LarderRun: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    public static func run(_ arguments: [String]) throws -> LarderRun {
        guard let binary = LarderBinary.url else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the larder binary is not built"])
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LarderRun(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                         errors: String(decoding: err, as: UTF8.self))
    }
}
