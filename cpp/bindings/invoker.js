// embind's function invokers, made without evaluating strings, so the module runs under a Content-Security-Policy
// without 'unsafe-eval'. Emscripten 3.1.6 builds each invoker with `new Function`; -sDYNAMIC_EXECUTION=0 makes it use
// a generic closure instead, which goes through `arguments`, `apply` and arrays shared by every call (a nested call
// of the same function overwrites them). This library (linked with --js-library, so it replaces embind's own
// $craftInvokerFunction) returns what the generated code would be: for a free function whose arguments need no
// destructors (numbers and `val` handles: all of collide3d's), a closure of fixed arity; otherwise the general form,
// with a fresh argument array per call.
mergeInto(LibraryManager.library, {
  $craftInvokerFunction__deps: ['$runDestructors', '$throwBindingError'],
  $craftInvokerFunction: function (humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    // argTypes: [return type, class type or null, ...parameter types].
    var count = argTypes.length - 2;
    var isMethod = argTypes[1] !== null && classType !== null;
    var result = argTypes[0];
    var params = argTypes.slice(2);
    function wrongCount(given) {
      throwBindingError('function ' + humanName + ' called with ' + given + ' arguments, expected ' + count + ' args!');
    }
    var plain = !isMethod && params.every(function (type) { return type.destructorFunction === null; });
    if (plain && count <= 4) {
      var t0 = params[0], t1 = params[1], t2 = params[2], t3 = params[3];
      var invoke = cppInvokerFunc, fn = cppTargetFunc;
      switch (count) {
        case 0: return function () {
          if (arguments.length !== 0) wrongCount(arguments.length);
          return result.fromWireType(invoke(fn));
        };
        case 1: return function (a) {
          if (arguments.length !== 1) wrongCount(arguments.length);
          return result.fromWireType(invoke(fn, t0.toWireType(null, a)));
        };
        case 2: return function (a, b) {
          if (arguments.length !== 2) wrongCount(arguments.length);
          return result.fromWireType(invoke(fn, t0.toWireType(null, a), t1.toWireType(null, b)));
        };
        case 3: return function (a, b, c) {
          if (arguments.length !== 3) wrongCount(arguments.length);
          return result.fromWireType(invoke(fn, t0.toWireType(null, a), t1.toWireType(null, b), t2.toWireType(null, c)));
        };
        default: return function (a, b, c, d) {
          if (arguments.length !== 4) wrongCount(arguments.length);
          return result.fromWireType(invoke(fn, t0.toWireType(null, a), t1.toWireType(null, b), t2.toWireType(null, c),
            t3.toWireType(null, d)));
        };
      }
    }
    // A type whose destructorFunction is undefined registers its own cleanups on a stack; the others are freed here.
    var needsStack = argTypes.slice(1).some(function (type) { return type !== null && type.destructorFunction === undefined; });
    return function () {
      if (arguments.length !== count) wrongCount(arguments.length);
      var destructors = needsStack ? [] : null;
      // wired[i] holds the value of argTypes[i] for i >= 1 (the target function pointer fills the return type's slot).
      var wired = [cppTargetFunc, isMethod ? argTypes[1].toWireType(destructors, this) : undefined];
      for (var i = 0; i < count; i++) wired.push(params[i].toWireType(destructors, arguments[i]));
      var rv = cppInvokerFunc.apply(null, isMethod ? wired : [cppTargetFunc].concat(wired.slice(2)));
      if (needsStack) {
        runDestructors(destructors);
      } else {
        for (var k = isMethod ? 1 : 2; k < argTypes.length; k++) {
          if (argTypes[k].destructorFunction !== null) argTypes[k].destructorFunction(wired[k]);
        }
      }
      return result.fromWireType(rv);
    };
  },
});
