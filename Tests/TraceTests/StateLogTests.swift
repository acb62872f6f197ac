import Testing
@testable import Trace
