import Foundation
import FuzzSupport
import LarderCore

/// Times (`PT1H30M`, `1 hr 20 mins`, `1:30`) and yields (`Serves 4-6`, `12 cookies`) as
/// recipes state them.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_duration_yield_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzDurationYield)
}

func fuzzDurationYield(_ data: Data) {
    let text = FuzzInput.text(data)
    let duration = DurationParser.parse(text)
    FuzzCheck.number(duration?.minutes, of: text)
    FuzzCheck.number(duration?.upperMinutes, of: text)
    FuzzCheck.number(DurationParser.iso8601Minutes(text), of: text)
    FuzzCheck.amount(YieldParser.parse(text)?.quantity, of: text)
}
