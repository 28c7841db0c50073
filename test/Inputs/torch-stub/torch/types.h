// nnlint torch stub: torch:: basics.
// Mirrors torch/csrc/api/include/torch/{types,arg,enum,expanding_array,ordered_dict,utils,cuda}.h,
// torch/csrc/api/include/torch/detail/static.h, torch/csrc/autograd/generated/variable_factories.h,
// torch/csrc/autograd/variable.h (Variable), torch/csrc/api/include/torch/serialize/{input,output}-archive.h.
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "detail/c10_aten.h"

#include <map>
#include <ostream>

// torch/arg.h (identical)
#define TORCH_ARG(T, name)                                              \
 public:                                                                \
  inline auto name(const T& new_##name)->decltype(*this) { /* NOLINT */ \
    this->name##_ = new_##name;                                         \
    return *this;                                                       \
  }                                                                     \
  inline auto name(T&& new_##name)->decltype(*this) { /* NOLINT */      \
    this->name##_ = std::move(new_##name);                              \
    return *this;                                                       \
  }                                                                     \
  inline const T& name() const noexcept { /* NOLINT */                  \
    return this->name##_;                                               \
  }                                                                     \
  inline T& name() noexcept { /* NOLINT */                              \
    return this->name##_;                                               \
  }                                                                     \
                                                                        \
 private:                                                               \
  T name##_ /* NOLINT */

// torch/types.h
namespace torch {
using namespace at;  // NOLINT
using c10::nullopt;
using c10::optional;
using Dtype = at::ScalarType;
constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;
constexpr auto kU8 = kUInt8;
constexpr auto kI8 = kInt8;
constexpr auto kI16 = kInt16;
constexpr auto kI32 = kInt32;
constexpr auto kI64 = kInt64;
constexpr auto kF16 = kFloat16;
constexpr auto kF32 = kFloat32;
constexpr auto kF64 = kFloat64;

// torch/csrc/autograd/variable.h
namespace autograd {
using Variable = at::Tensor;
inline Variable make_variable(at::Tensor data, bool requires_grad = false, bool allow_tensor_metadata_change = true) {
  return data;
}
}  // namespace autograd

// torch/utils.h
using NoGradGuard = at::NoGradGuard;
using AutoGradMode = at::AutoGradMode;
using InferenceMode = c10::InferenceMode;
using at::manual_seed;
// torch/csrc/utils/variadic.h
template <bool value, typename T = void>
using enable_if_t = typename std::enable_if<value, T>::type;
template <bool value, typename T = void>
using disable_if_t = enable_if_t<!value, T>;

// torch/cuda.h
namespace cuda {
size_t TORCH_API device_count();
bool TORCH_API is_available();
bool TORCH_API cudnn_is_available();
void TORCH_API manual_seed(uint64_t seed);
void TORCH_API manual_seed_all(uint64_t seed);
void TORCH_API synchronize(int64_t device_index = -1);
}  // namespace cuda

// torch/csrc/api/include/torch/detail/TensorDataContainer.h (simplified)
namespace detail {
class TensorDataContainer {
 public:
  TensorDataContainer();
  template <typename T, typename std::enable_if<std::is_arithmetic<T>::value, bool>::type = true>
  TensorDataContainer(T value) {}
  TensorDataContainer(std::initializer_list<TensorDataContainer> init_list) {}
  template <typename T>
  TensorDataContainer(at::ArrayRef<T> values) {}
  template <typename T>
  TensorDataContainer(const std::vector<T>& values) {}
};
}  // namespace detail

// torch/csrc/autograd/generated/variable_factories.h (torch:: versions hide at:: ones)
inline at::Tensor tensor(detail::TensorDataContainer tensor_data_container, const at::TensorOptions& options = {}) { return at::Tensor(); }
inline at::Tensor from_blob(void* data, at::IntArrayRef sizes, const at::TensorOptions& options = at::TensorOptions()) { return at::Tensor(); }
inline at::Tensor arange(const at::Scalar& end, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor arange(const at::Scalar& start, const at::Scalar& end, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor arange(const at::Scalar& start, const at::Scalar& end, const at::Scalar& step, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor empty(at::IntArrayRef size, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt) { return at::Tensor(); }
inline at::Tensor full(at::IntArrayRef size, const at::Scalar& fill_value, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor linspace(const at::Scalar& start, const at::Scalar& end, int64_t steps, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor ones(at::IntArrayRef size, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor rand(at::IntArrayRef size, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor randint(int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong) { return at::Tensor(); }
inline at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong) { return at::Tensor(); }
inline at::Tensor randn(at::IntArrayRef size, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor zeros(at::IntArrayRef size, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor eye(int64_t n, at::TensorOptions options = {}) { return at::Tensor(); }
inline at::Tensor zeros_like(const at::Tensor& self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt) { return self; }
inline at::Tensor ones_like(const at::Tensor& self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt) { return self; }
inline at::Tensor randn_like(const at::Tensor& self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt) { return self; }
inline at::Tensor empty_like(const at::Tensor& self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt) { return self; }

// torch/detail/static.h, torch/nn/pimpl-inl.h
namespace nn {
class Module;
}  // namespace nn
namespace detail {
template <typename T>
struct has_forward {
  using yes = int8_t;
  using no = int16_t;
  template <typename U>
  static yes test(decltype(&U::forward));
  template <typename U>
  static no test(...);
  static constexpr bool value = (sizeof(test<T>(nullptr)) == sizeof(yes));
};
template <typename M>
using is_module = std::is_base_of<torch::nn::Module, typename std::decay<M>::type>;
template <typename M, typename T = void>
using enable_if_module_t = typename std::enable_if<is_module<M>::value, T>::type;

// torch/nn/pimpl-inl.h (included inside namespace torch::detail by the real pimpl.h)
struct ModuleHolderIndicator {};
template <typename T>
using is_module_holder = std::is_base_of<ModuleHolderIndicator, std::decay_t<T>>;
template <typename T>
using disable_if_module_holder_t = disable_if_t<is_module_holder<T>::value>;
template <bool is_module_holder_value, typename T, typename C>
struct is_module_holder_of_impl;
template <typename T, typename C>
struct is_module_holder_of_impl<false, T, C> : std::false_type {};
template <typename T, typename C>
struct is_module_holder_of_impl<true, T, C> : std::is_same<typename T::ContainedType, C> {};
template <typename T, typename C>
struct is_module_holder_of
    : is_module_holder_of_impl<is_module_holder<T>::value, std::decay_t<T>, std::decay_t<C>> {};
template <bool has_forward_value, typename C, typename... Args>
struct return_type_of_forward_impl;
template <typename C, typename... Args>
struct return_type_of_forward_impl<true, C, Args...> {
  using type = decltype(::std::declval<C>().forward(::std::declval<Args>()...));
};
template <typename C, typename... Args>
struct return_type_of_forward_impl<false, C, Args...> {
  using type = void;
};
template <typename C, typename... Args>
using return_type_of_forward = return_type_of_forward_impl<torch::detail::has_forward<C>::value, C, Args...>;
template <typename C, typename... Args>
using return_type_of_forward_t = typename return_type_of_forward<C, Args...>::type;
}  // namespace detail

// torch/ordered_dict.h
template <typename Key, typename Value>
class OrderedDict {
 public:
  class Item;
  using Iterator = typename std::vector<Item>::iterator;
  using ConstIterator = typename std::vector<Item>::const_iterator;

  explicit OrderedDict(std::string key_description = "Key") : key_description_(std::move(key_description)) {}
  OrderedDict(const OrderedDict& other) = default;
  OrderedDict& operator=(const OrderedDict& other) = default;
  OrderedDict(OrderedDict&& other) = default;
  OrderedDict& operator=(OrderedDict&& other) = default;
  ~OrderedDict() = default;
  OrderedDict(std::initializer_list<Item> initializer_list) {}

  const std::string& key_description() const noexcept { return key_description_; }
  Item& front() { return items_.front(); }
  const Item& front() const { return items_.front(); }
  Item& back() { return items_.back(); }
  const Item& back() const { return items_.back(); }
  Item& operator[](size_t index) { return items_[index]; }
  const Item& operator[](size_t index) const { return items_[index]; }
  Value& operator[](const Key& key) { return items_[index_.at(key)].value(); }
  const Value& operator[](const Key& key) const { return items_[index_.at(key)].value(); }
  Value* find(const Key& key) noexcept { return nullptr; }
  const Value* find(const Key& key) const noexcept { return nullptr; }
  bool contains(const Key& key) const noexcept { return index_.count(key) != 0; }
  Iterator begin() { return items_.begin(); }
  ConstIterator begin() const { return items_.begin(); }
  Iterator end() { return items_.end(); }
  ConstIterator end() const { return items_.end(); }
  size_t size() const noexcept { return items_.size(); }
  bool is_empty() const noexcept { return items_.empty(); }
  void reserve(size_t requested_capacity) { items_.reserve(requested_capacity); }
  template <typename K, typename V>
  Value& insert(K&& key, V&& value) {
    index_.emplace(key, size());
    items_.emplace_back(Key(std::forward<K>(key)), Value(std::forward<V>(value)));
    return items_.back().value();
  }
  Value& insert(Key key, Value&& value) {
    index_.emplace(key, size());
    items_.emplace_back(std::move(key), std::move(value));
    return items_.back().value();
  }
  void update(OrderedDict&& other) {}
  void update(const OrderedDict& other) {}
  void erase(const Key& key) {}
  void clear() {
    index_.clear();
    items_.clear();
  }
  const std::vector<Item>& items() const noexcept { return items_; }
  ::std::vector<Key> keys() const { return {}; }
  ::std::vector<Value> values() const { return {}; }
  ::std::vector<std::pair<Key, Value>> pairs() const { return {}; }

 private:
  std::map<Key, size_t> index_;  // real: std::unordered_map
  std::vector<Item> items_;
  std::string key_description_{"Key"};
};

template <typename Key, typename Value>
class OrderedDict<Key, Value>::Item {
 public:
  Item(Key key, Value value) : pair_(std::move(key), std::move(value)) {}
  Value& operator*() { return value(); }
  const Value& operator*() const { return value(); }
  Value* operator->() { return &value(); }
  const Value* operator->() const { return &value(); }
  const Key& key() const noexcept { return pair_.first; }
  Value& value() noexcept { return pair_.second; }
  const Value& value() const noexcept { return pair_.second; }
  const std::pair<Key, Value>& pair() const noexcept { return pair_; }

 private:
  ::std::pair<Key, Value> pair_;
};

// torch/expanding_array.h
template <size_t D, typename T = int64_t>
class ExpandingArray {
 public:
  /*implicit*/ ExpandingArray(std::initializer_list<T> list) : ExpandingArray(at::ArrayRef<T>(list)) {}
  /*implicit*/ ExpandingArray(std::vector<T> vec) : ExpandingArray(at::ArrayRef<T>(vec)) {}
  /*implicit*/ ExpandingArray(at::ArrayRef<T> values) {}
  /*implicit*/ ExpandingArray(T single_size) { values_.fill(single_size); }
  /*implicit*/ ExpandingArray(const std::array<T, D>& values) : values_(values) {}
  std::array<T, D>& operator*() { return values_; }
  const std::array<T, D>& operator*() const { return values_; }
  std::array<T, D>* operator->() { return &values_; }
  const std::array<T, D>* operator->() const { return &values_; }
  operator at::ArrayRef<T>() const { return values_; }
  size_t size() const noexcept { return D; }

 protected:
  std::array<T, D> values_;
};
template <size_t D, typename T = int64_t>
class ExpandingArrayWithOptionalElem : public ExpandingArray<D, c10::optional<T>> {
 public:
  using ExpandingArray<D, c10::optional<T>>::ExpandingArray;
  /*implicit*/ ExpandingArrayWithOptionalElem(std::initializer_list<T> list)
      : ExpandingArrayWithOptionalElem(at::ArrayRef<T>(list)) {}
  /*implicit*/ ExpandingArrayWithOptionalElem(std::vector<T> vec)
      : ExpandingArrayWithOptionalElem(at::ArrayRef<T>(vec)) {}
  /*implicit*/ ExpandingArrayWithOptionalElem(at::ArrayRef<T> values)
      : ExpandingArray<D, c10::optional<T>>(0) {}
  /*implicit*/ ExpandingArrayWithOptionalElem(T single_size) : ExpandingArray<D, c10::optional<T>>(0) {}
  /*implicit*/ ExpandingArrayWithOptionalElem(const std::array<T, D>& values)
      : ExpandingArray<D, c10::optional<T>>(0) {}
};

// torch/serialize/{output,input}-archive.h
namespace serialize {
class TORCH_API OutputArchive final {
 public:
  OutputArchive();
  void write(const std::string& key, const Tensor& tensor, bool is_buffer = false);
  void write(const std::string& key, OutputArchive& nested_archive);
  void save_to(const std::string& filename);
  void save_to(std::ostream& stream);
};
class TORCH_API InputArchive final {
 public:
  InputArchive();
  void read(const std::string& key, Tensor& tensor, bool is_buffer = false);
  void read(const std::string& key, InputArchive& archive);
  void load_from(const std::string& filename, c10::optional<torch::Device> device = c10::nullopt);
  void load_from(std::istream& stream, c10::optional<torch::Device> device = c10::nullopt);
};
}  // namespace serialize
}  // namespace torch

// torch/enum.h (TORCH_ENUM_DECLARE, identical shape)
#define TORCH_ENUM_DECLARE(name)                    \
  namespace torch {                                 \
  namespace enumtype {                              \
  struct k##name {                                  \
    k##name() {}                                    \
  };                                                \
  }                                                 \
  TORCH_API extern const enumtype::k##name k##name; \
  }
TORCH_ENUM_DECLARE(Linear)
TORCH_ENUM_DECLARE(Conv1D)
TORCH_ENUM_DECLARE(Conv2D)
TORCH_ENUM_DECLARE(Conv3D)
TORCH_ENUM_DECLARE(ConvTranspose1D)
TORCH_ENUM_DECLARE(ConvTranspose2D)
TORCH_ENUM_DECLARE(ConvTranspose3D)
TORCH_ENUM_DECLARE(Sigmoid)
TORCH_ENUM_DECLARE(Tanh)
TORCH_ENUM_DECLARE(ReLU)
TORCH_ENUM_DECLARE(GELU)
TORCH_ENUM_DECLARE(SiLU)
TORCH_ENUM_DECLARE(Mish)
TORCH_ENUM_DECLARE(LeakyReLU)
TORCH_ENUM_DECLARE(FanIn)
TORCH_ENUM_DECLARE(FanOut)
TORCH_ENUM_DECLARE(Constant)
TORCH_ENUM_DECLARE(Reflect)
TORCH_ENUM_DECLARE(Replicate)
TORCH_ENUM_DECLARE(Circular)
TORCH_ENUM_DECLARE(Nearest)
TORCH_ENUM_DECLARE(Bilinear)
TORCH_ENUM_DECLARE(Bicubic)
TORCH_ENUM_DECLARE(Trilinear)
TORCH_ENUM_DECLARE(Area)
TORCH_ENUM_DECLARE(NearestExact)
TORCH_ENUM_DECLARE(Sum)
TORCH_ENUM_DECLARE(Mean)
TORCH_ENUM_DECLARE(Max)
TORCH_ENUM_DECLARE(None)
TORCH_ENUM_DECLARE(BatchMean)
TORCH_ENUM_DECLARE(Zeros)
TORCH_ENUM_DECLARE(Border)
TORCH_ENUM_DECLARE(Reflection)
TORCH_ENUM_DECLARE(RNN_TANH)
TORCH_ENUM_DECLARE(RNN_RELU)
TORCH_ENUM_DECLARE(LSTM)
TORCH_ENUM_DECLARE(GRU)
TORCH_ENUM_DECLARE(Valid)
TORCH_ENUM_DECLARE(Same)
