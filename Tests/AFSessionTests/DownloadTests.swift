import AFSession
import Crypto
import Foundation
import Testing
