import Foundation
import FuzzSupport
import LarderCore

/// Larder's own JSON parser (`LarderCore/JSON`). What it accepts must survive a round trip:
/// written back with `JSONEncoder` and parsed again, it is the same value.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_json_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzJSON)
}

func fuzzJSON(_ data: Data) {
    guard let value = try? JSONValue.parse(data) else { return }
    // A number past Double's range reads as infinity, which JSON cannot write; the mappers
    // deal with it, the round trip cannot.
    guard !containsInfinity(value) else { return }
    let written: Data
    do {
        written = try JSONEncoder().encode(value)
    } catch {
        fatalError("a parsed JSON value could not be written back: \(error)")
    }
    guard let again = try? JSONValue.parse(written) else {
        fatalError("JSON written back from a parsed value does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    precondition(again == value, "the round trip changed the value: \(value) became \(again)")
}

func containsInfinity(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let number): return !number.isFinite
    case .array(let items): return items.contains(where: containsInfinity)
    case .object(let members): return members.values.contains(where: containsInfinity)
    default: return false
    }
}
