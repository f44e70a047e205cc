import ArgumentParser
import Foundation

// A custom entry point instead of `@main`, for Larder's documented exit codes: 0 when nothing
// failed, 1 when some inputs failed, 2 on usage errors (ArgumentParser's default is 64).
let arguments = Array(CommandLine.arguments.dropFirst())

/// Calls the async `run()`; through the existential Swift would pick the synchronous one.
func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
    try await command.run()
}

do {
    var command = try Larder.parseAsRoot(arguments)
    if var asyncCommand = command as? AsyncParsableCommand {
        try await runAsync(&asyncCommand)
    } else {
        try command.run()
    }
    exit(0)
} catch {
    let code = Larder.exitCode(for: error)
    let message = Larder.fullMessage(for: error)
    if code == .success {
        if !message.isEmpty { print(message) }
        exit(0)
    }
    if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    exit(code == .validationFailure ? 2 : code.rawValue)
}
